/**
 * The hand-over of one download run's parts to the browser's Background Fetch (background-fetch.ts),
 * apart from the run that fetches them in the page (download-manager.ts). It decides three things:
 * - at the start, whether the browser fetches the parts already (handed over by a tab that went away,
 *   this one before a reload, or before a restart: followed, never fetched a second time) or the page is
 *   out of sight (handed over at once);
 * - while the page fetches, the moment it goes out of sight or away: the parts not stored yet are handed
 *   over then (at once, before the page can be gone), and the page's own requests for them stop;
 * - what the service worker needs to finish without the page (kept in the download's record).
 * Following the browser's fetch until the worker has stored it is follow.ts's.
 */
import { backgroundFetchId, type BackgroundFetchManagerLike, type BackgroundFetchRegistrationLike, type HandedDownload, type HandedPart } from './background-fetch.ts'
import type { PageLeaving } from './page-leaving.ts'

export interface HandOverOptions {
  /** The browser's Background Fetch (there is one: without it the page download simply goes on). */
  manager: BackgroundFetchManagerLike
  leaving: PageLeaving
  videoId: number
  /** The title the browser shows with the fetch. */
  title: string
  /** What the worker needs to finish: every part, those stored already too. */
  handed: HandedDownload
  /** The parts not stored yet (read at each hand-over: the page stores parts meanwhile). */
  missing: () => HandedPart[]
}

/** While the page fetches: the hand-over once the page left, if it did. */
export interface PageWatch {
  /** The browser's answer to the hand-over, once the page left; undefined while it stays. */
  handing(): Promise<BackgroundFetchRegistrationLike> | undefined
  stop(): void
}

export function createHandOver(options: HandOverOptions) {
  const { manager, leaving, videoId, title, missing } = options
  const id = backgroundFetchId(videoId)
  const handOver = () => manager.fetch(id, missing().map((part) => part.url), { title })
  return {
    handed: options.handed,

    /**
     * Before the page fetches anything: the browser's fetch to follow instead, or undefined when the page
     * fetches the parts itself. Only a download with a record (`resuming`) can be in the browser's hands
     * already (a delete aborts the fetch), so a new one starts without asking the browser. A page in
     * sight downloads itself: the browser's copy would store every part twice (its own store, then the
     * worker's cache.put).
     */
    async atStart(resuming: boolean): Promise<BackgroundFetchRegistrationLike | undefined> {
      if (missing().length === 0) return undefined
      const running = resuming ? await manager.get(id) : undefined
      if (running) return running
      if (leaving.hidden()) return handOver()
      return undefined
    },

    /**
     * While the page fetches the parts: when it goes out of sight or away, the parts still missing are
     * handed over and `stopPage` is called (the page's own requests for them abort). Not after the run
     * stopped (`signal`), nor with nothing left to fetch, nor twice.
     */
    watchPage(signal: AbortSignal, stopPage: () => void): PageWatch {
      let handing: Promise<BackgroundFetchRegistrationLike> | undefined
      const stop = leaving.subscribe(() => {
        if (handing || signal.aborted || missing().length === 0) return
        handing = handOver()
        handing.catch(() => undefined) // awaited by the run
        stopPage()
      })
      return { handing: () => handing, stop }
    },
  }
}
