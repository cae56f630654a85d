/**
 * Downloads for watching offline. One rendition of a video (its playlist, init segment, every media
 * segment, and the poster) goes into Cache Storage under stable `/offline-media/<videoId>/` URLs,
 * with a synthetic master listing that rendition alone. The service worker answers those URLs from
 * the cache, with or without a network.
 * - The files travel in parts of 4 to 24 MB, about two a download (parts.ts): one request and one
 *   cache entry for several consecutive files, and the stored playlist points into the parts with
 *   byte ranges (written once every part's files are known; the record says complete only once the
 *   parts are stored too).
 * - Each part is stored only after it arrived whole; a part already stored is never fetched again, so
 *   a download cut off (offline, app closed) resumes from the first part not stored.
 * - The size is checked against the free space first; the first download asks for persistent storage.
 * - Online again, downloads are checked against the learner's access and removed when it is gone.
 * - One tab at a time works on a download (tab-downloads.ts). A pause pressed in any tab is written
 *   to the record, a delete removes it (after the files); the tab that downloads follows the record,
 *   stops, and after a delete removes what it stored meanwhile.
 * - In sight, the page fetches the parts itself. Where the browser offers Background Fetch, a download
 *   still running when the page goes out of sight or away is handed to it (hand-over.ts decides when,
 *   background-fetch.ts), and a fetch running already is followed (follow.ts), never repeated.
 * Downloads stored file by file by earlier versions stay playable: the worker answers any stored URL.
 *
 * The parts of a run, in the order it goes: run-plan.ts (the rendition, the space, the parts and which
 * are stored), run-record.ts (the record at the start and at the end), fetch-parts.ts (the page's fetch,
 * each part by store.ts), run-progress.ts (counts and progress writes), run-playlists.ts, all put
 * together by download-run.ts; tab-downloads.ts holds the lock and what this tab runs.
 */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { resolveDeps, type DownloadDeps } from './download-deps.ts'
import { estimateBytes } from './hls-manifest.ts'
import { grantsFullAccess } from './plan.ts'
import type { PlannedDownload, StartOptions, StartOutcome } from './record.ts'
import { createTabDownloads } from './tab-downloads.ts'

export { DownloadError, type DownloadRecord, type PlannedDownload, type StartOptions, type StartOutcome } from './record.ts'
export type { DownloadDeps } from './download-deps.ts'

export function createDownloadManager(given: DownloadDeps) {
  const deps = resolveDeps(given)
  const { table } = deps
  const tab = createTabDownloads(deps)

  return {
    /**
     * What a download of the page's own detail at this quality would store (shown before the start),
     * its playlists read ahead of the press for start() to use. Undefined without a grant that lasts
     * or a declared bandwidth; rejects when the playlists cannot be read.
     */
    async plan(videoId: number, preferredHeight: number | undefined, known: VideoDetail): Promise<PlannedDownload | undefined> {
      if (!grantsFullAccess(known, deps.now())) return undefined
      const { variant } = await deps.playlists.pagePlaylists(videoId, preferredHeight, known)
      return variant.bandwidth > 0 ? { bytes: estimateBytes(variant, known.duration_seconds), quality: variant.quality } : undefined
    },

    /**
     * Starts or resumes a download. Throws DownloadError for no space, no access or no media. A download
     * another tab runs stays with that tab.
     */
    async start(videoId: number, preferredHeight?: number, known?: VideoDetail, options: StartOptions = {}): Promise<StartOutcome> {
      // Said in the record first, so a tab still stopping this download (here or elsewhere) goes on with
      // it; read and written in one transaction, whose answer is the record this run starts from (one
      // round trip to IndexedDB before the first part, not a write and then a read queued behind it).
      const said = table.db.transaction('rw', table, async () => {
        const record = await table.get(videoId)
        if (record && (record.status === 'paused' || record.status === 'failed' || record.status === 'waiting_for_network')) {
          record.status = 'downloading'
          delete record.error
          await table.put(record)
        }
        return record
      })
      // This tab still stopping it: its run reads the record once stopped, and this call must not find
      // it running before the word is in.
      if (tab.runsHere(videoId)) {
        await said
        return tab.work(videoId, { height: preferredHeight, known, isNew: options.isNew })
      }
      said.catch(() => undefined) // awaited below
      const [outcome] = await Promise.all([tab.work(videoId, { height: preferredHeight, known, read: said, isNew: options.isNew }), said])
      return outcome
    },

    /** Marked paused first: the tab that downloads it, this one or another, stops on seeing that. */
    async pause(videoId: number): Promise<void> {
      await table.update(videoId, { status: 'paused' })
      tab.stop(videoId)
    },

    /**
     * The files go first, then the record (so a download listed is never one half removed); the tab
     * that downloads it, when another, stops on seeing the record gone.
     */
    remove: (videoId: number): Promise<void> => tab.remove(videoId),

    async removeAll(): Promise<void> {
      for (const record of await table.toArray()) await this.remove(record.videoId)
    },

    /**
     * At start and on `online`: downloads that were cut off continue from their first part not stored,
     * each in one tab.
     */
    async resumeInterrupted(): Promise<void> {
      const open = await table.where('status').anyOf('downloading', 'waiting_for_network').toArray()
      await Promise.all(open.map((record) => tab.work(record.videoId, { continuing: ['downloading', 'waiting_for_network'] }).catch(() => undefined)))
    },

    /** Online: removes downloads the learner may no longer watch in full. Answers their titles. */
    async removeRevoked(): Promise<string[]> {
      const removed: string[] = []
      for (const record of await table.toArray()) {
        let entitled: boolean
        try {
          entitled = (await deps.getVideo(record.videoId)).can_watch === 'full'
        } catch (error) {
          if ((error as { status?: number }).status !== 404) continue // no answer: keep it until we know
          entitled = false
        }
        if (!entitled) {
          await this.remove(record.videoId)
          removed.push(record.title)
        }
      }
      return removed
    },

    /** Downloading here, or in another tab as far as this one can tell. */
    isActive: tab.isActive,
  }
}

export type DownloadManager = ReturnType<typeof createDownloadManager>
