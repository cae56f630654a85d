/**
 * The PWA build. Root is pwa/, static files come from ../public, output goes to ../dist/pwa where the
 * sync server serves it. The service worker is our own (injectManifest) so it can grow the media and
 * outbox routes later; updates are offered with a prompt, never forced.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { prerenderPlugin } from './build/prerender-plugin.ts'
import { signedInPreloadPlugin } from './build/signed-in-preload-plugin.ts'

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

export default defineConfig(({ command, mode }) => {
  // A production build is one even when the shell says NODE_ENV=development (a developer's profile, a
  // process manager's environment before `npm start`): Vite keeps an already-set NODE_ENV and would
  // ship React's development build (159 KB gzip of vendor JS, slow, full of dev warnings). Vite reads
  // NODE_ENV after loading this file, so setting it here decides. `--mode development` still asks for
  // a development build on purpose.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production'
  return config
})

const config: UserConfig = {
  root: here('.'),
  publicDir: here('../public'),
  resolve: {
    // React 19 has useSyncExternalStore: react-i18next does not need the pre-18 polyfill it imports.
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: here('src/i18n/use-sync-external-store-shim.ts') },
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
    ],
  },
  build: {
    outDir: here('../dist/pwa'),
    emptyOutDir: true,
    manifest: true,
    modulePreload: false,
    // The spec's minimum browsers: older ones get the compatibility warning.
    target: ['chrome90', 'edge90', 'firefox88', 'safari14'],
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Rolldown gives every module shared by main.tsx and a lazy page its own small chunk; each costs a
        // request and its own import/export lines. These groups hold only modules every page loads anyway
        // (their own code, not their dependencies): the frameworks the app shell runs on, the few app
        // modules nearly every page uses, and the two halves of the public pages' frame.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /(node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)\/|src\/i18n\/use-sync-external-store-shim\.ts$)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'core',
              // With the transpiler's class-field helpers, which main.tsx needs: shared with a lazy chunk too
              // (the offline transcript search's parser), they would otherwise become a chunk of their own.
              // The contract's two text counters (a few hundred bytes, used by the video page's comments and the
              // register and settings forms) too: each was a request of its own.
              // The connection state and its retry rule, the API's route table and the install state (issue 48): main.tsx
              // imports them on every start; three requests of 1-2 KB each, in the chain before a signed-in first paint.
              test: /(src\/(data\/(storage|unauthorized|runtime\/(connectivity|retry))\.ts|features\/pwa\/install-state\.ts|components\/PageFrame\.tsx)|contract\/(limits|text|visible-text|routes)\.ts|@oxc-project\+runtime@[^/]+\/helpers\/esm\/\w+\.js)$/,
              includeDependenciesRecursively: false,
            },
            {
              // What the signed-in frame (SignedInChrome, on every signed-in page) loads with it: Dexie, the local
              // database and the frame's small shared modules; and what the videos list and the video page (the
              // pages a signed-in start opens on most) both load: the download, rating and caption-time modules
              // and their styles. Not what only one of them loads (the outbox engine, the comment text rules,
              // the catalogue's list): the other would run it at every start for nothing. Rolldown gave each its
              // own chunk (about twenty requests of 1-6 KB on a phone's start, over HTTP/1.1's six connections).
              // No public page imports any of them.
              // One group, not two: the frame's modules and the pages' import each other, and two chunks
              // importing each other left the database undefined when a page's chunk ran first.
              name: 'signed-in',
              test: new RegExp(
                [
                  'node_modules/(dexie|dexie-react-hooks)/',
                  'src/(data/(db|use-live-data|runtime/frozen-page-transactions|local-cache|progress/(open-stretches|sent-watch|daily-progress|local-day)|downloads/(offline-urls|download-preferences)|catalogue/languages|account/billing-portal)\\.ts|features/(languages/selected-language|navbar/dialogs)\\.ts|components/Flag\\.tsx)$',
                  'src/data/outbox/enqueue\\.ts$',
                  // Not the offline transcript search's parser, which loads when a search first needs it.
                  'src/data/downloads/(background-fetch|parts|storage-space|hand-over|page-leaving|parts-ahead|caption-files|record|follow|grant-urls|plan|store|download-manager|keep-detail|downloads|hls-manifest|use-downloads)\\.ts$',
                  'src/data/downloads/thumbnail-cache\\.ts$',
                  'src/data/(compass/(rating-types|ratings|difficulty)|comments/comment-copies|catalogue/video-detail|runtime/locks)\\.ts$',
                  'src/features/(downloads/(format-bytes|use-download-size)\\.ts|downloads/(DownloadControls\\.tsx|downloads\\.css)|compass/Rating(Scale|Prompt)\\.tsx|captions/cue-time\\.ts)$',
                  'src/components/format-duration\\.ts$',
                  'src/(player/hls-playback|components/icons)\\.tsx?$',
                  // Their styles, scoped by class: one stylesheet instead of three, and no empty chunks carrying them.
                  'src/(features/(captions/captions|compass/compass)|styles/watching)\\.css$',
                  'contract/(ids|vocabulary)\\.ts$',
                  // The words both pages draw before their first paint (issue 48): the device's states and counts,
                  // the segmenter and the share on a card; four small chunks each page asked for on its own.
                  'src/data/words/(index|lexicon|list-shares|video-words|word-states|word-state-pull|word-state-fold|readings)\\.ts$',
                  'contract/(segment|known-share)\\.ts$',
                  // What the frame itself loads before its first paint (issue 48): the database's name and its opening ahead
                  // (app/first-paint.ts), the idle wait, the account's preferences, the cards due and the minutes of input
                  // (the navbar's goal and review badge), the tab's download runner and its status line. Eight requests of
                  // 1-4 KB each before a signed-in first paint; each a round trip on a phone over HTTP/1.1's six connections.
                  'src/data/(database-name|open-database|runtime/when-idle|preferences/(account-preferences|player-prefs)|progress/input-minutes)\\.ts$',
                  'src/data/cards/(due|language-record|card-audio-grant)\\.ts$',
                  'contract/card-audio\\.ts$',
                  'src/data/downloads/(download-deps|fetch-parts|run-plan|run-playlists|run-progress|run-record|download-run|tab-downloads)\\.ts$',
                  'src/features/downloads/(download-error-message\\.ts|DownloadStart\\.tsx|DownloadUnderway\\.tsx)$',
                  'src/features/words-share/(WordShare\\.tsx|use-list-shares\\.ts|share-percent\\.ts|words-share\\.css)$',
                ].join('|'),
              ),
              includeDependenciesRecursively: false,
            },
            // The translations the signed-in frame and those two pages need, one chunk per language rather than five.
            { name: 'signed-in-en', test: /locales\/en\/(navbar|watch|compass|captions|downloads|words-progress)\.json$/, includeDependenciesRecursively: false },
            { name: 'signed-in-vi', test: /locales\/vi\/(navbar|watch|compass|captions|downloads|words-progress)\.json$/, includeDependenciesRecursively: false },
            { name: 'public', test: /src\/features\/public\/Public(Header|Footer)\.tsx$/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  plugins: [
    react(),
    signedInPreloadPlugin(),
    prerenderPlugin({ root: here('.') }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
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
        // Nor the pre-launch landing pages: a pre-launch deployment installs no worker (app/entry.ts).
        globIgnores: ['**/.vite/**', '**/index.pre-launch.html'],
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false, type: 'module', navigateFallback: 'index.html' },
    }),
  ],
}
