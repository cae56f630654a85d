/**
 * The page's only script tag. The styles come with it (so prerendered HTML is styled at once). On a
 * prerendered public page, the app itself is fetched only once the page has loaded and painted: it is
 * already readable, and the JavaScript then never delays or competes with what the visitor sees first. Everywhere else the app
 * starts right away.
 */
import '../styles/base.css'
import '../features/public/public.css'

const root = document.getElementById('root')
const showingPrerender = Boolean(root?.hasChildNodes()) && !document.documentElement.classList.contains('no-prerender')
const start = () => void import('./main.tsx')

function afterFirstPaint() {
  requestAnimationFrame(() => setTimeout(start, 0))
}

if (!showingPrerender) start()
else if (document.readyState === 'complete') afterFirstPaint()
else window.addEventListener('load', afterFirstPaint, { once: true })
