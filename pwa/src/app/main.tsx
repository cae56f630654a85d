/**
 * The app's start (loaded by entry.ts): translations, the install-prompt catcher, the service worker,
 * then React. The public pages arrive prerendered (see pwa/build/prerender-plugin.ts): when the HTML
 * in #root is the page being asked for, in the visitor's language, React hydrates it; otherwise (a deep
 * link served the landing page's HTML, a signed-in visitor, another language) it starts afresh.
 */
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import i18n, { i18nReady } from '../i18n/i18n.ts'
import '../features/pwa/install-state.ts'
import { registerServiceWorker } from '../features/pwa/register-sw.ts'
import { App } from './App.tsx'
import { readyForFirstPaint } from './first-paint.ts'
import { session } from '../data/session/session.ts'

const root = document.getElementById('root')!
const html = document.documentElement
// React recovers from these by itself; the cause is what is worth seeing in the console.
const rootOptions = {
  onRecoverableError(error: unknown) {
    console.warn('React recovered from an error', error, error instanceof Error ? error.cause : undefined)
  },
}
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)

async function start() {
  // boot.js has already hidden a prerender that is not for this path or this (signed-in) visitor.
  if (root.hasChildNodes() && !html.classList.contains('no-prerender')) {
    await i18nReady
    if (i18n.language === html.dataset.prerenderLang) {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the
      // main thread (the page is already visible; this only makes it respond).
      startTransition(() => {
        hydrateRoot(root, app, rootOptions)
      })
      return
    }
  }
  // Signed in: the frame and the page render complete in one pass once their code and words are here.
  if (session.getState().status !== 'signed-out') await readyForFirstPaint(location.pathname)
  root.replaceChildren()
  html.classList.remove('no-prerender')
  const created = createRoot(root, rootOptions)
  // As a transition, the first render of a whole page (the frame, the page, its cards) yields to the
  // browser every few milliseconds instead of holding the main thread for a tenth of a second on a phone.
  startTransition(() => {
    created.render(app)
  })
}

registerServiceWorker()
void start()
