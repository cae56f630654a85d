/**
 * The page's only script tag. The styles come with it (so prerendered HTML is styled at once).
 *
 * A prerendered public page (the landing page, the explainer) is complete without the app: readable,
 * styled, its links plain links. This script stays small (no React, no i18next, no router): it registers
 * the service worker and keeps an early install offer, and the app (main.tsx and its ~100 KB of
 * frameworks) is fetched only when the visitor makes a first move (a pointer, a key, focus), when the
 * browser offers installing, or when the visitor clicks or submits something. A click on a link or a
 * button, or a form submit, made before the app is live is held and replayed once the page has hydrated
 * (PageFrame's usePageTitle announces it with `dehieu:ready`); what was typed is still in the fields,
 * where the waitlist form reads it.
 *
 * When the prerendered page is not going to be kept (boot.js hid it, or the visitor's language is not the
 * page's), the app starts at once, as everywhere else.
 */
import '../styles/base.css'
import '../features/public/public.css'
import '../styles/dark.css'
import { watchTheme } from '../features/theme/theme.ts'
import { keepEarlyInstallEvent } from '../features/pwa/early-install.ts'
import { registerServiceWorker } from '../features/pwa/register-sw.ts'
import { detectionOrder } from '../i18n/detection-order.ts'
import { identifyBrowser, MINIMUM_VERSIONS } from '../features/compat/browser-compat.ts'

// The theme first: boot.js set it before the first paint; this follows the device's later changes.
watchTheme()

const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const

const html = document.documentElement
const root = document.getElementById('root')
const showingPrerender = Boolean(root?.hasChildNodes()) && !html.classList.contains('no-prerender')
const held: Array<{ replay: () => void; fallback: () => void }> = []
let started = false

function start() {
  if (started) return
  started = true
  for (const type of WAKE_EVENTS) window.removeEventListener(type, start, true)
  import('./main.tsx').catch((error: unknown) => {
    // Without the app (offline before the service worker had the files), links still work as links.
    console.warn('The app did not load', error)
    stopHolding()
    for (const action of held.splice(0)) action.fallback()
  })
}

/** Whether the app will keep the prerendered page: main.tsx hydrates only in the page's own language. */
function inPageLanguage(): boolean {
  let stored: string | null
  try {
    stored = localStorage.getItem('i18nextLng')
  } catch {
    stored = null
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language]
  return detectionOrder({ stored, browser, page: html.lang || null })[0] === html.dataset.prerenderLang
}

function holdClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('a[href], button') : null
  if (!target) return
  // A submit button's click goes on to the browser's own checks and then a submit event, held below.
  if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) return
  if (target instanceof HTMLAnchorElement && (target.origin !== location.origin || target.target || target.hasAttribute('download'))) return
  event.preventDefault()
  held.push({
    replay: () => {
      if (target.isConnected) target.click()
    },
    fallback: () => {
      if (target instanceof HTMLAnchorElement) location.assign(target.href)
    },
  })
  start()
}

function holdSubmit(event: SubmitEvent) {
  const form = event.target
  if (!(form instanceof HTMLFormElement)) return
  event.preventDefault()
  const fields = new FormData(form)
  held.push({
    replay: () => {
      // Hydration keeps the form; a fresh render (another language) replaces it: carry the fields over.
      const testId = form.dataset.testid
      const current = form.isConnected ? form : testId ? document.querySelector<HTMLFormElement>(`form[data-testid="${testId}"]`) : null
      if (!current) return
      if (current !== form) {
        for (const [name, value] of fields) {
          const field = current.elements.namedItem(name)
          if (field instanceof HTMLInputElement && !field.value && typeof value === 'string') field.value = value
        }
      }
      if (typeof current.requestSubmit === 'function') current.requestSubmit()
      else current.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    },
    fallback: () => {},
  })
  start()
}

function stopHolding() {
  document.removeEventListener('click', holdClick, true)
  document.removeEventListener('submit', holdSubmit, true)
}

function replayHeld() {
  stopHolding()
  for (const action of held.splice(0)) action.replay()
}

function waitForVisitor() {
  for (const type of WAKE_EVENTS) window.addEventListener(type, start, { capture: true, passive: true })
  document.addEventListener('click', holdClick, true)
  document.addEventListener('submit', holdSubmit, true)
  document.addEventListener('dehieu:ready', replayHeld, { once: true })
  window.addEventListener(
    'beforeinstallprompt',
    (event) => {
      keepEarlyInstallEvent(event)
      start()
    },
    { once: true },
  )
}

function afterFirstPaint(run: () => void) {
  const later = () => requestAnimationFrame(() => setTimeout(run, 0))
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}

/** Older than the supported minimum: the app (and its warning) starts at once, not at a first move. */
function oldBrowser(): boolean {
  const found = identifyBrowser(navigator.userAgent)
  return found !== null && found.version < MINIMUM_VERSIONS[found.browser]
}

registerServiceWorker()
if (!showingPrerender || oldBrowser()) start()
else if (!inPageLanguage()) afterFirstPaint(start)
else waitForVisitor()
