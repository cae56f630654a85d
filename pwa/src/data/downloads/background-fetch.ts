/**
 * Downloads that outlive the tab, where the browser offers Background Fetch (Chromium). The page
 * downloads the parts itself while it is in sight (the fast path: the browser's fetch stores each part
 * twice, its own store and then the worker's cache.put); when it goes out of sight or away mid-download
 * (page-leaving.ts), it hands the parts not yet stored to the browser, which fetches them with the app
 * closed, and the service worker stores them when they have all arrived (background-finish.ts).
 * What the worker needs to finish without the page (where each part goes, the playlists to write) travels
 * in the download's record. Elsewhere the page download simply goes on (download-manager.ts).
 *
 * Background Fetch has no pause: a pause aborts it, and a resume in sight downloads what is still missing
 * in the page.
 */
import type { PartPlan } from './parts.ts'

/** A Background Fetch of one video's parts: one at a time per video, so its id names the video. */
export const backgroundFetchId = (videoId: number) => `dehieu-download:${videoId}`

/** The video a Background Fetch belongs to, or undefined for one that is not ours. */
export function videoOfBackgroundFetch(id: string): number | undefined {
  const match = /^dehieu-download:(\d+)$/.exec(id)
  return match ? Number(match[1]) : undefined
}

/** A part as the worker stores it: the request the browser makes and the cache entry it fills. */
export interface HandedPart extends PartPlan {
  name: string
  url: string
  key: string
}

/** What the worker needs to finish a download the browser fetched: kept in the download's record. */
export interface HandedDownload {
  /** Every part of the download, those already stored too (the playlist points into all of them). */
  parts: HandedPart[]
  variantText: string
  /** Where the variant playlist and the master are stored. */
  variantKey: string
  masterKey: string
  masterText: string
}

/** The parts of the API the app uses (lib.dom has no types for it yet). */
export interface BackgroundFetchRegistrationLike extends EventTarget {
  readonly id: string
  readonly downloaded: number
  readonly result: '' | 'success' | 'failure'
  abort(): Promise<boolean>
}
export interface BackgroundFetchManagerLike {
  fetch(id: string, requests: string[], options?: { title?: string; downloadTotal?: number }): Promise<BackgroundFetchRegistrationLike>
  get(id: string): Promise<BackgroundFetchRegistrationLike | undefined>
}

/**
 * The browser's Background Fetch, once the service worker is ready, or undefined where there is none
 * (Firefox, Safari, or no worker): downloads then run in the page.
 */
export async function browserBackgroundFetch(): Promise<BackgroundFetchManagerLike | undefined> {
  if (typeof self === 'undefined' || !('BackgroundFetchManager' in self) || !navigator.serviceWorker) return undefined
  // Not `ready`, which waits for ever where no worker was registered (the dev server).
  const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & { backgroundFetch?: BackgroundFetchManagerLike }) | undefined
  return registration?.active ? registration.backgroundFetch : undefined
}

