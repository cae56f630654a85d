/**
 * The PWA build. Root is pwa/, static files come from ../public, output goes to ../dist/pwa where the
 * sync server serves it. The service worker is our own (injectManifest) so it can grow the media and
 * outbox routes later; updates are offered with a prompt, never forced.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { prerenderPlugin } from './build/prerender-plugin.ts'

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

export default defineConfig({
  root: here('.'),
  publicDir: here('../public'),
  build: {
    outDir: here('../dist/pwa'),
    emptyOutDir: true,
    manifest: true,
    modulePreload: false,
    // The spec's minimum browsers: older ones get the compatibility warning.
    target: ['chrome90', 'edge90', 'firefox88', 'safari14'],
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  plugins: [
    react(),
    prerenderPlugin({ root: here('.') }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: [],
      manifest: {
        id: '/',
        name: 'Dễ Hiểu: learn Vietnamese by watching',
        short_name: 'Dễ Hiểu',
        description: 'Learn Vietnamese through videos you understand, a little every day.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        lang: 'en',
        theme_color: '#0f6e63',
        background_color: '#fbf8f3',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The Vite manifest is a build artefact for the budget bench, not something the app fetches.
        globIgnores: ['**/.vite/**'],
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false, type: 'module', navigateFallback: 'index.html' },
    }),
  ],
})
