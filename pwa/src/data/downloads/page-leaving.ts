/**
 * Whether the page is out of sight, and word when it goes out of sight or away: the moment a download
 * running in the page is handed to Background Fetch (download-manager.ts). Apart from background-fetch.ts,
 * which the service worker imports too, because this needs the page's document.
 */
export interface PageLeaving {
  hidden(): boolean
  /** Calls `listener` each time the page leaves; answers the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/** The page's own visibility and lifecycle events (never hidden where there is no document: tests). */
export function browserPageLeaving(): PageLeaving {
  if (typeof document === 'undefined' || typeof window === 'undefined') return { hidden: () => false, subscribe: () => () => undefined }
  return {
    hidden: () => document.visibilityState === 'hidden',
    subscribe(listener) {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') listener()
      }
      document.addEventListener('visibilitychange', onVisibility)
      // A tab closed while in sight: beforeunload is the close's first step, a round trip to the browser
      // before the page is torn down. Handed over at pagehide alone, the browser dropped the fetch in
      // about one close in three (its permission check outlived the tab); handed over here, in none of
      // twenty-four. Should the page stay after all (a close cancelled) or come back (a reload), it
      // follows the browser's fetch instead of fetching again.
      window.addEventListener('beforeunload', listener)
      window.addEventListener('pagehide', listener)
      document.addEventListener('freeze', listener)
      return () => {
        document.removeEventListener('visibilitychange', onVisibility)
        window.removeEventListener('beforeunload', listener)
        window.removeEventListener('pagehide', listener)
        document.removeEventListener('freeze', listener)
      }
    },
  }
}
