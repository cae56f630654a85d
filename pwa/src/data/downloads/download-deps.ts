/**
 * What the download manager is given (DownloadDeps), and the same with every default filled in
 * (RunDeps): the browser's own Cache Storage, fetch, locks and page-leaving events, unless a test or
 * keep-detail.ts hands its own. Every part of a run (run-plan.ts, fetch-parts.ts, download-run.ts,
 * tab-downloads.ts) takes RunDeps.
 */
import type { EntityTable } from 'dexie'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { OFFLINE_MEDIA_CACHE } from './offline-urls.ts'
import { askPersistence, checkSpace } from './storage-space.ts'
import type { BackgroundFetchManagerLike } from './background-fetch.ts'
import { browserPageLeaving, type PageLeaving } from './page-leaving.ts'
import { browserLocks, type TabLocks } from '../runtime/locks.ts'
import { createPlaylistReader } from './plan.ts'
import type { DownloadRecord } from './record.ts'
import { createFileStore, pictureShown } from './store.ts'

export interface DownloadDeps {
  table: EntityTable<DownloadRecord, 'videoId'>
  getVideo: (videoId: number) => Promise<VideoDetail>
  openCache?: () => Promise<Cache>
  fetch?: typeof fetch
  now?: () => number
  checkSpace?: typeof checkSpace
  askPersistence?: typeof askPersistence
  /** Where relative URLs point (the page's own address in the app). */
  origin?: () => string
  /** Who holds which download: navigator.locks by default (an in-page stand-in without it). */
  locks?: TabLocks
  /**
   * The browser's Background Fetch where it has one (background-fetch.ts): a download still running when
   * the page goes out of sight or away is handed to it. Without it the page download goes on.
   */
  backgroundFetch?: () => Promise<BackgroundFetchManagerLike | undefined>
  /** When the page goes out of sight or away (page-leaving.ts): the moment a download is handed over. */
  leaving?: PageLeaving
  /**
   * A picture the app has shown, as the service worker keeps it (the thumbnails cache), or undefined:
   * the poster is then copied from there rather than asked for again.
   */
  shownPicture?: (url: string) => Promise<Response | undefined>
}

export function resolveDeps(deps: DownloadDeps) {
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const origin = deps.origin ?? (() => location.href)
  return {
    table: deps.table,
    getVideo: deps.getVideo,
    openCache: deps.openCache ?? (() => caches.open(OFFLINE_MEDIA_CACHE)),
    doFetch,
    now: deps.now ?? (() => Date.now()),
    spaceFor: deps.checkSpace ?? checkSpace,
    persist: deps.askPersistence ?? askPersistence,
    origin,
    locks: deps.locks ?? browserLocks(),
    leaving: deps.leaving ?? browserPageLeaving(),
    backgroundFetch: deps.backgroundFetch,
    files: createFileStore(doFetch, deps.shownPicture ?? pictureShown),
    playlists: createPlaylistReader(doFetch, origin),
  }
}

export type RunDeps = ReturnType<typeof resolveDeps>
