/**
 * Prerenders the public pages into the built HTML, so the landing page and the explainer paint before
 * any JavaScript runs (the budget asks for Lighthouse performance ≥ 95 on a phone).
 *
 * After the client bundle is written (and before vite-plugin-pwa builds the service worker and its
 * precache list in closeBundle), it builds pwa/src/app/entry-prerender.tsx for Node, renders each page,
 * and writes it into a copy of index.html:
 *   /                      → index.html (also the SPA fallback; boot.js hides it on other paths)
 *   /comprehensible-input  → comprehensible-input/index.html, and /en/, /vi/, /zh-Hant-HK/ likewise.
 * Each landing page is rendered twice: open (index.html) and pre-launch (index.pre-launch.html, with the
 * waitlist), and the server sends the one its PRE_LAUNCH setting names (sync-server/src/web/pwa-static.ts).
 * <html> carries data-prerendered (the path) and data-prerender-lang, which boot.js and main.tsx read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'

interface PageSpec {
  url: string
  language: string
  file: string
}

const PAGES: PageSpec[] = [
  { url: '/', language: 'en', file: 'index.html' },
  { url: '/comprehensible-input', language: 'en', file: 'comprehensible-input/index.html' },
  { url: '/en/', language: 'en', file: 'en/index.html' },
  { url: '/vi/', language: 'vi', file: 'vi/index.html' },
  { url: '/zh-Hant-HK/', language: 'zh-Hant-HK', file: 'zh-Hant-HK/index.html' },
]

type RenderPage = (url: string, language: string, preLaunch?: boolean) => Promise<{ html: string; title: string; description: string }>

/** The landing pages, rendered a second time for a deployment not yet open (index.pre-launch.html beside each). */
const LANDING_URLS = new Set(['/', '/en/', '/vi/', '/zh-Hant-HK/'])

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

export function prerenderPlugin(options: { root: string }): Plugin {
  let outDir = ''
  let done = false
  return {
    name: 'de-hieu:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async writeBundle(output) {
      // vite-plugin-pwa runs a second build for the service worker with these plugins: skip it.
      if (done || output.dir !== outDir || !fs.existsSync(path.join(outDir, 'index.html'))) return
      done = true
      // Inside node_modules so the rendered module resolves react and friends from the project.
      const serverDir = path.join(options.root, '../node_modules/.cache/dehieu-prerender')
      try {
        await build({
          configFile: false,
          root: options.root,
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: path.join(options.root, 'src/app/entry-prerender.tsx'),
            outDir: serverDir,
            emptyOutDir: true,
            rollupOptions: { output: { format: 'es', entryFileNames: 'entry-prerender.mjs' } },
          },
        })
        const { renderPage } = (await import(pathToFileURL(path.join(serverDir, 'entry-prerender.mjs')).href)) as {
          renderPage: RenderPage
        }
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
        for (const page of PAGES) {
          const variants = LANDING_URLS.has(page.url) ? [false, true] : [false]
          for (const preLaunch of variants) {
            const rendered = await renderPage(page.url, page.language, preLaunch)
            const marker = page.url === '/' ? '/' : page.url.replace(/\/+$/, '')
            const html = template
              .replace(
                /<html lang="[^"]*">/,
                `<html lang="${page.language}" data-prerendered="${marker}" data-prerender-lang="${page.language}"${preLaunch ? ' data-pre-launch=""' : ''}>`,
              )
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(rendered.title)}</title>`)
              .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttribute(rendered.description)}"`)
              .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`)
            const target = path.join(outDir, preLaunch ? page.file.replace(/index\.html$/, 'index.pre-launch.html') : page.file)
            fs.mkdirSync(path.dirname(target), { recursive: true })
            fs.writeFileSync(target, html)
          }
        }
      } finally {
        fs.rmSync(serverDir, { recursive: true, force: true })
      }
    },
  }
}
