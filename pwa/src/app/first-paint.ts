/**
 * A signed-in start renders its page complete, not a spinner first (issue 32). boot.js and
 * signed-in-preload.js have already asked for the chunks and translations of the frame and the page, and
 * its first data; main.tsx waits here until they have arrived, then React renders the navigation bar and
 * the page, with its cards or its poster, in one pass. Before, each lazy part suspended, a spinner was
 * committed, and React 19 held the content that followed for 300 ms after it (its fallback throttle), with
 * a render pass per part.
 *
 * The wait is bounded: on a very slow connection the frame renders after FIRST_PAINT_WAIT_MS with a
 * spinner where something is still missing, as before.
 */
import i18n, { i18nReady } from '../i18n/i18n.ts'
import { FIRST_PAINT_NAMESPACES, firstPaintPageOf } from './first-paint-groups.ts'
import { FIRST_PAINT_PAGES, SignedInChrome } from './first-paint-parts.ts'

export const FIRST_PAINT_WAIT_MS = 1_500
/**
 * How long the render waits for the page's data once its code is here. The data usually arrives first
 * (it was asked for before the code); on a connection that has stopped answering, the page renders from
 * the device's copy after this instead of after the whole bound.
 */
export const FIRST_PAINT_DATA_GRACE_MS = 150

/** Resolves when the signed-in frame and the page of `pathname` can render without suspending, or after the bound. */
export function readyForFirstPaint(pathname: string): Promise<void> {
  const page = firstPaintPageOf(pathname)
  const group = page?.group ?? null
  const namespaces = [...FIRST_PAINT_NAMESPACES.app, ...(group ? FIRST_PAINT_NAMESPACES[group] : [])]
  // The device's database opened too (issue 48): on a first visit opening it creates every table, and
  // the first render's live queries opened it inside the render, a task of a quarter of a second on a slow
  // phone once the page was already painting. Opened here, that work runs while the code arrives.
  const opened = import('../data/open-database.ts').then((module) => module.openDatabaseAhead())
  const code: Array<Promise<unknown>> = [SignedInChrome.preload(), i18nReady.then(() => i18n.loadNamespaces(namespaces)), opened]
  if (group) code.push(FIRST_PAINT_PAGES[group].preload())
  // The page's data too (signed-in-preload.js has already asked for it; these calls take that answer),
  // so the first render shows the cards or the player's poster rather than rendering again for them.
  // Today's figure for the goal bar, on every signed-in page: arriving after the first render, its row
  // pushed the page down (a layout shift of the whole page on a phone).
  const data: Array<Promise<unknown>> = [import('../data/progress/daily-progress.ts').then((progress) => progress.refreshDailyProgressAtStart())]
  if (page?.group === 'videos' && page.code) data.push(import('../data/catalogue/catalogue.ts').then((catalogue) => catalogue.fetchFirstPageAhead(page.code!)))
  // Whether to offer the placement (no word marked yet), so the offer is in the first render (issue 48).
  if (page?.group === 'videos' && page.code) data.push(opened.then(() => import('../data/words/index.ts')).then((words) => words.readNoWordStatesAhead(page.code!)).catch(() => undefined))
  if (page?.group === 'video' && page.videoId) data.push(import('../data/catalogue/video-detail.ts').then((detail) => detail.prefetchVideoDetailAhead(page.videoId!)))
  // A part that failed renders as it would have anyway (the page's error boundary says so).
  const settled = (parts: Array<Promise<unknown>>) =>
    Promise.all(parts).then(
      () => undefined,
      () => undefined,
    )
  const timers: Array<ReturnType<typeof setTimeout>> = []
  const after = (ms: number) => new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)))
  const codeReady = settled(code)
  const dataOrGrace = Promise.race([settled(data), codeReady.then(() => after(FIRST_PAINT_DATA_GRACE_MS))])
  return Promise.race([Promise.all([codeReady, dataOrGrace]).then(() => undefined), after(FIRST_PAINT_WAIT_MS)]).finally(() => timers.forEach(clearTimeout))
}
