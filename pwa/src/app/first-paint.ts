/**
 * A signed-in start renders its page complete, not a spinner first (issue 32). boot.js and
 * signed-in-preload.js have already asked for the chunks and translations of the frame and the page (and
 * its first data); main.tsx waits here until they have arrived, then React renders the navigation bar and
 * the page in one pass. Before, each lazy part suspended, a spinner was committed, and React 19 held the
 * content that followed for 300 ms after it (its fallback throttle), with a render pass per part.
 *
 * The wait is bounded: on a very slow connection the frame renders after FIRST_PAINT_WAIT_MS with a
 * spinner where something is still missing, as before.
 */
import i18n, { i18nReady } from '../i18n/i18n.ts'
import { FIRST_PAINT_NAMESPACES, pageGroupOf } from './first-paint-groups.ts'
import { FIRST_PAINT_PAGES, SignedInChrome } from './first-paint-parts.ts'

export const FIRST_PAINT_WAIT_MS = 1_500

/** Resolves when the signed-in frame and the page of `pathname` can render without suspending, or after the bound. */
export function readyForFirstPaint(pathname: string): Promise<void> {
  const group = pageGroupOf(pathname)
  const namespaces = [...FIRST_PAINT_NAMESPACES.app, ...(group ? FIRST_PAINT_NAMESPACES[group] : [])]
  const parts: Array<Promise<unknown>> = [SignedInChrome.preload(), i18nReady.then(() => i18n.loadNamespaces(namespaces))]
  if (group) parts.push(FIRST_PAINT_PAGES[group].preload())
  // A part that failed renders as it would have anyway (the page's error boundary says so).
  const loaded = Promise.all(parts).then(
    () => undefined,
    () => undefined,
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS)
  })
  return Promise.race([loaded, bound]).finally(() => clearTimeout(timer))
}
