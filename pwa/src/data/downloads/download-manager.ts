/**
 * Downloads for watching offline. One rendition of a video (its playlist, init segment, every media
 * segment, and the poster) goes into Cache Storage under stable `/offline-media/<videoId>/` URLs,
 * with a synthetic master listing that rendition alone. The service worker answers those URLs from
 * the cache, with or without a network.
 * - The files travel in parts of 4 to 16 MB, about three a download (parts.ts): one request and one
 *   cache entry for several consecutive files, and the stored playlist points into the parts with
 *   byte ranges (written once every part's files are known; the record says complete only once the
 *   parts are stored too).
 * - Each part is stored only after it arrived whole; a part already stored is never fetched again, so
 *   a download cut off (offline, app closed) resumes from the first part not stored.
 * - The size is checked against the free space first; the first download asks for persistent storage.
 * - Online again, downloads are checked against the learner's access and removed when it is gone.
 * - One tab at a time works on a download: a Web Lock per video (../runtime/locks.ts), held for the whole
 *   run. Another tab leaves it alone, counts it as running and waits for the lock, then carries on
 *   with it only if the holder went away mid-download (closed). A pause pressed in any tab is written
 *   to the record, a delete removes it (after the files); the tab that downloads follows the record,
 *   stops, and after a delete removes what it stored meanwhile.
 * - In sight, the page fetches the parts itself. Where the browser offers Background Fetch, a download
 *   still running when the page goes out of sight or away is handed to it (hand-over.ts decides when,
 *   background-fetch.ts), and a fetch running already is followed (follow.ts), never repeated.
 * Downloads stored file by file by earlier versions stay playable: the worker answers any stored URL.
 */
import type { EntityTable } from 'dexie'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { MEDIA_PART_FILES_HEADER } from '../../../../contract/limits.ts'
import { estimateBytes, offlineMaster } from './hls-manifest.ts'
import { OFFLINE_MEDIA_CACHE, offlineBase, offlineMasterUrl } from './offline-urls.ts'
import {
  byteRangePlaylist,
  holdsPlannedFiles,
  partName,
  parsePartFiles,
  type PartFile,
  type StoredPart,
} from './parts.ts'
import { askPersistence, checkSpace, type Persistence } from './storage-space.ts'
import type { BackgroundFetchManagerLike, BackgroundFetchRegistrationLike, HandedPart } from './background-fetch.ts'
import { createHandOver, type PageWatch } from './hand-over.ts'
import { browserPageLeaving, type PageLeaving } from './page-leaving.ts'
import { askPartsAhead, type PartsAhead } from './parts-ahead.ts'
import { storeCaptionTracks } from './caption-files.ts'
import { browserLocks, tryLock, waitForLock, type Release, type TabLocks } from '../runtime/locks.ts'
import { followHanded, followRecord, PROGRESS_EVERY_MS } from './follow.ts'
import { createPlaylistReader, grantsFullAccess, planParts, type Playlists } from './plan.ts'
import { DownloadError, isQuotaError, Stopped, type DownloadRecord, type DownloadStatus, type PlannedDownload, type StartOptions, type StartOutcome } from './record.ts'
import { createFileStore, pictureShown } from './store.ts'

export { DownloadError, type DownloadRecord, type DownloadStatus, type PlannedDownload, type StartOptions, type StartOutcome } from './record.ts'

// The browser opens six connections per host; twice as many parts are asked for, because a part
// whose bytes have all arrived still waits for Cache Storage to commit it (measured: up to ~150 ms
// for 4 MB here), and meanwhile the next part already uses the connection. With only six asked for,
// every wave of six waited for the slowest commit before the next began. Measured in the page on the
// 5-minute bench video in 8 parts (fetch + cache.put, interleaved with a plain fetch of the same
// bytes, median of 7): 1.74x the plain fetch with six asked for, 1.40x with twelve. (That video now
// travels in four larger parts; longer ones still come in many.)
const PARALLEL_PARTS = 12


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



const lockName = (videoId: number) => `dehieu-download:${videoId}`





export function createDownloadManager(deps: DownloadDeps) {
  const openCache = deps.openCache ?? (() => caches.open(OFFLINE_MEDIA_CACHE))
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init))
  const now = deps.now ?? (() => Date.now())
  const spaceFor = deps.checkSpace ?? checkSpace
  const persist = deps.askPersistence ?? askPersistence
  const origin = deps.origin ?? (() => location.href)
  const locks = deps.locks ?? browserLocks()
  const leaving = deps.leaving ?? browserPageLeaving()
  const shownPicture = deps.shownPicture ?? pictureShown
  const { fetchToStore, storePoster, storePart } = createFileStore(doFetch, shownPicture)
  const { readPlaylists, pagePlaylists } = createPlaylistReader(doFetch, origin)
  /** Downloads this tab runs (or is asking the lock for). */
  const active = new Map<number, AbortController>()
  /** Downloads another tab held when this one asked: running, as far as this tab can tell. */
  const elsewhere = new Set<number>()
  /** Downloads this tab waits to take over when their holder lets go. */
  const awaiting = new Set<number>()
  /** Downloads being deleted in this tab (their record goes last). */
  const removing = new Set<number>()






  async function run(
    videoId: number,
    preferredHeight: number | undefined,
    known: VideoDetail | undefined,
    controller: AbortController,
    existed: () => void,
    read?: Promise<DownloadRecord | undefined>,
    early?: Playlists,
    ahead?: PartsAhead,
  ): Promise<StartOutcome> {
    const signal = controller.signal
    // What does not depend on the answers starts at once: the record, the cache.
    const existing = read ?? deps.table.get(videoId)
    const opened = openCache()
    const backgroundReady = deps.backgroundFetch ? deps.backgroundFetch().catch(() => undefined) : Promise.resolve(undefined)
    // Should an early check throw first, these are not left as unhandled rejections.
    existing.catch(() => undefined)
    opened.catch(() => undefined)
    // The page's own answer, when it still grants full access for a while, saves a round trip, and its
    // playlists are in the browser's HTTP cache already (the player, and the size shown before the
    // start, asked for them by the same URL): they are taken from there without asking the server again
    // (two round trips before the first part). They are sent private, max-age=10 (the session re-check); the
    // download's parts are checked by their grant and against the plan whatever the playlist said.
    const fromPage = known !== undefined && grantsFullAccess(known, now())
    const video = fromPage ? known : await deps.getVideo(videoId)
    // The playlists do not depend on the record: read while it is (or, from the page, while the lock was asked for).
    const playlists = fromPage && early ? early : readPlaylists(video, preferredHeight, signal, fromPage)
    // The free space against the rendition's size (a new download's check), asked for once the rendition is known.
    const spaceFound = playlists.then(({ variant }) => spaceFor(estimateBytes(variant, video.duration_seconds)))
    playlists.catch(() => undefined) // awaited below
    spaceFound.catch(() => undefined) // awaited below, for a new download only
    const record = await existing
    const resuming = record !== undefined
    const { variant, variantUrl, variantText } = await playlists
    const space = resuming ? undefined : await spaceFound
    if (space && !space.fits) throw new DownloadError('no_space', { neededBytes: estimateBytes(variant, video.duration_seconds), freeBytes: space.freeBytes })
    const { media, plan, urls } = planParts(variant, variantText, variantUrl)
    const filesTotal = plan.reduce((sum, part) => sum + part.count, 0)
    const estimate = estimateBytes(variant, media.durationSeconds)

    const cache = await opened
    const base = offlineBase(videoId)
    const variantDir = variant.uri.includes('/') ? variant.uri.slice(0, variant.uri.lastIndexOf('/') + 1) : ''
    const parts: HandedPart[] = plan.map((part, index) => {
      const name = partName(part.from)
      return { ...part, name, url: urls[index], key: `${base}${variantDir}${name}` }
    })
    // The parts stored by an earlier run: only the others are fetched, here or by the browser.
    const stored: StoredPart[] = []
    const storedBefore = new Set<string>()
    if (resuming) {
      const found = await Promise.all(parts.map(async (part) => parsePartFiles((await cache.match(part.key))?.headers.get(MEDIA_PART_FILES_HEADER) ?? null)))
      parts.forEach((part, index) => {
        const files = found[index]
        if (!holdsPlannedFiles(part, files)) return
        stored.push({ name: part.name, files })
        storedBefore.add(part.key)
      })
    }
    const bytesOf = (done: StoredPart[]) => done.reduce((sum, part) => sum + part.files.reduce((bytes, file) => bytes + file.size, 0), 0)
    const filesOf = (done: StoredPart[]) => done.reduce((sum, part) => sum + part.files.length, 0)
    let bytesDone = bytesOf(stored)
    let filesDone = filesOf(stored)
    // Where the browser offers Background Fetch, what the service worker needs to finish the download
    // without the page goes into the record from the start: the page may be gone by the time it hands over.
    // The hand-over of the parts not stored yet to the browser (hand-over.ts).
    const missing = () => parts.filter((part) => !stored.some((done) => done.name === part.name))
    const background = await backgroundReady
    const handOver =
      background &&
      createHandOver({
        manager: background,
        leaving,
        videoId,
        title: video.title,
        missing,
        handed: { parts, variantText, variantKey: `${base}${variant.uri}`, masterKey: offlineMasterUrl(videoId), masterText: offlineMaster(variant) },
      })
    const handed = handOver?.handed

    // The browser's answer to "keep my downloads" is not needed to start: it is awaited at the end.
    let asked: Promise<Persistence> | undefined
    // The record is written while the first parts are fetched; progress waits for it.
    const recordWritten = (async () => {
      if (signal.aborted) return // paused or removed meanwhile: no record brought back
      if (record) {
        // Read and written in one step, so a pause from another tab is never written over.
        await deps.table.update(videoId, (current) => {
          if (current.status === 'paused') return
          current.status = 'downloading'
          current.filesTotal = filesTotal
          delete current.error
          if (handed) current.handed = handed
        })
        return existed()
      }
      if ((await deps.table.count()) === 0) asked = persist()
      await deps.table.put({
        videoId,
        title: video.title,
        languageCode: video.language_code,
        accessLevel: video.access_level,
        durationSeconds: video.duration_seconds,
        height: variant.quality,
        status: 'downloading',
        bytesDone,
        bytesTotal: estimate,
        filesDone,
        filesTotal,
        createdAt: now(),
        ...(handed ? { handed } : {}),
      })
    })()
    recordWritten.catch(() => undefined) // awaited below; a failure shows there

    // The poster comes along with the parts rather than after them; a poster that fails to load
    // does not fail the download.
    const poster = video.thumbnail_url
      ? storePoster(cache, new URL(video.thumbnail_url, origin()).href, `${base}poster.jpg`, signal, resuming).catch(() => 0)
      : Promise.resolve(0)
    // The caption step (caption-files.ts): small files, started with the parts so they are stored
    // even when the browser's Background Fetch finishes the parts with the page gone; awaited after
    // the parts, and a failure leaves the download waiting for the network like a part's would.
    const captions = storeCaptionTracks(cache, video, doFetch, origin(), signal)
    captions.catch(() => undefined) // awaited below; a failure shows there

    /** Follows the browser's fetch of the parts not stored yet until the worker has finished it. */
    const followBackground = async (registration: BackgroundFetchRegistrationLike) => {
      ahead?.cancel() // the parts asked for at the press were for the page's own fetch
      await recordWritten
      // A pause or delete pressed meanwhile aborts it at once (and ends this run as Stopped).
      await followHanded({ table: deps.table, now }, videoId, registration, bytesDone, signal)
      await poster
      await captions
      return { persistence: await asked }
    }
    // Already in the browser's hands, or a page out of sight: the browser fetches, the run follows.
    const inBrowser = handOver ? await handOver.atStart(resuming) : undefined
    if (inBrowser) return followBackground(inBrowser)

    // The playlists are written as soon as every part's files are known (from the answers' headers),
    // while the parts' bytes still arrive, rather than after the last part is stored: nothing plays
    // them before the record says complete, which it says only once the parts are stored too.
    const playlist = (text: string) => new Response(text, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } })
    const writePlaylists = (text: string) =>
      Promise.all([cache.put(`${base}${variant.uri}`, playlist(text)), cache.put(offlineMasterUrl(videoId), playlist(offlineMaster(variant)))])
    const filesKnown = new Map(stored.map((part) => [part.name, part.files]))
    let written: { text: string; stored: Promise<unknown> } | undefined
    const noteFiles = (name: string, files: PartFile[]) => {
      filesKnown.set(name, files)
      if (written || filesKnown.size < parts.length) return
      const text = byteRangePlaylist(variantText, parts.map((part) => ({ name: part.name, files: filesKnown.get(part.name)! })))
      written = { text, stored: writePlaylists(text) }
      written.stored.catch(() => undefined) // awaited at the end
    }

    // The first progress is written once the parts have run that long too: a download done sooner goes
    // from its start straight to complete, with no write (and no render in every view that follows
    // the record) in between.
    let reportedAt = now()
    let reporting: Promise<unknown> | undefined
    /**
     * The parts not stored yet, fetched and stored by the page. Should the page go out of sight or away
     * meanwhile (`mayHandOver`), they are handed to the browser (called at once, before the page can be
     * gone) and the page's own requests for them are aborted: answers that fetch.
     */
    const fetchInPage = async (mayHandOver: boolean): Promise<{ handing?: Promise<BackgroundFetchRegistrationLike> }> => {
      const inPage = new AbortController()
      const partSignal = AbortSignal.any([signal, inPage.signal])
      const watch: PageWatch | undefined = mayHandOver && handOver ? handOver.watchPage(signal, () => inPage.abort()) : undefined
      // In order: with a part cut off, the download resumes from the first part not stored.
      const queue = missing()
      // The answers asked for at the press (parts-ahead.ts) for the parts still missing; the others go.
      await ahead?.asked
      const askedAhead = new Map(queue.map((part) => [part.url, ahead?.take(part.url, partSignal)]))
      ahead?.cancel()
      const worker = async () => {
        for (let part = queue.shift(); part !== undefined; part = queue.shift()) {
          let files: PartFile[]
          try {
            files = await storePart(cache, part, part.url, part.key, partSignal, (known) => noteFiles(part.name, known), askedAhead.get(part.url))
          } catch (error) {
            queue.length = 0 // one part failed: the others in flight finish, no new one starts
            throw error
          }
          stored.push({ name: part.name, files })
          bytesDone += files.reduce((sum, file) => sum + file.size, 0)
          filesDone += files.length
          if (now() - reportedAt >= PROGRESS_EVERY_MS && !reporting) {
            // Not awaited by the worker: the next part starts while progress is written.
            reportedAt = now()
            reporting = recordWritten.then(() => deps.table.update(videoId, { bytesDone, filesDone })).finally(() => (reporting = undefined))
          }
        }
      }
      // Every worker settles before the outcome is known, so a download that failed has nothing still
      // running behind it when it reports the failure (and a resume cannot race its leftovers).
      try {
        const settled = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker))
        const handing = watch?.handing()
        if (handing) return { handing }
        const failed = settled.find((outcome) => outcome.status === 'rejected')
        if (failed) throw failed.reason
        return {}
      } finally {
        watch?.stop()
      }
    }
    const { handing } = await fetchInPage(handOver !== undefined)
    if (handing) {
      const registration = await handing.catch(() => undefined)
      await reporting
      if (registration) return followBackground(registration)
      // The browser refused it (the page still here, only hidden): the page goes on with what is missing.
      await fetchInPage(false)
    }
    await recordWritten
    await Promise.all([poster, reporting])
    // A download plays its captions and transcript offline.
    const captionKeys = await captions
    // The playlists as the stored parts lay them out: written already, unless a part came again
    // (handed back from the browser) with other sizes, or every part was stored by an earlier run.
    const finalText = byteRangePlaylist(variantText, stored)
    if (written?.text === finalText) await written.stored
    else {
      await written?.stored.catch(() => undefined)
      await writePlaylists(finalText)
    }
    // A download begun file by file by an earlier version leaves those files behind: drop them.
    if (resuming) await removeFiles(videoId, new Set([...stored.map((part) => `${base}${variantDir}${part.name}`), `${base}${variant.uri}`, offlineMasterUrl(videoId), `${base}poster.jpg`, ...captionKeys]))
    let completed: DownloadRecord | undefined
    await deps.table.update(videoId, (current) => {
      Object.assign(current, { status: 'complete', bytesDone, filesDone, bytesTotal: bytesDone, completedAt: now() })
      delete current.handed
      completed = { ...current }
    })
    return { persistence: await asked, completed }
  }

  /** Removes a download's stored entries, all of them or all but `keep`. */
  async function removeFiles(videoId: number, keep = new Set<string>()) {
    const cache = await openCache()
    const base = offlineBase(videoId)
    const keys = await cache.keys()
    await Promise.all(
      keys
        .filter((request) => {
          const pathname = new URL(request.url).pathname
          return pathname.startsWith(base) && !keep.has(pathname)
        })
        .map((request) => cache.delete(request)),
    )
  }

  async function noSpaceLeft(videoId: number): Promise<DownloadError> {
    const record = await deps.table.get(videoId)
    const space = await spaceFor(0).catch(() => undefined)
    return new DownloadError('no_space', { neededBytes: record ? Math.max(0, record.bytesTotal - record.bytesDone) : undefined, freeBytes: space?.freeBytes ?? null })
  }

  /** One run while this tab holds the lock, following the record; a pause or delete ends it as Stopped. */
  async function attempt(
    videoId: number,
    preferredHeight: number | undefined,
    known: VideoDetail | undefined,
    controller: AbortController,
    read: Promise<DownloadRecord | undefined> | undefined,
    early: Playlists | undefined,
    ahead: PartsAhead | undefined,
  ) {
    const follow = followRecord(deps.table, videoId, controller)
    try {
      return await run(videoId, preferredHeight, known, controller, follow.existed, read, early, ahead)
    } catch (caught) {
      if (controller.signal.aborted) throw new Stopped()
      // Out of room midway is no network pause that coming online would fix: it fails as a download
      // refused up front does, saying what is still needed and what is free.
      const error = isQuotaError(caught) ? await noSpaceLeft(videoId) : caught
      const offline = !(error instanceof DownloadError) || error.code === 'network'
      if (await deps.table.get(videoId)) {
        await deps.table.update(videoId, offline ? { status: 'waiting_for_network' } : { status: 'failed', error: (error as DownloadError).code })
      }
      if (offline && !(error instanceof DownloadError)) throw new DownloadError('network')
      throw error
    } finally {
      follow.stop()
    }
  }

  /**
   * Runs a download if no tab does yet. `continuing`: only a record in one of these statuses goes on
   * (read under the lock). `held`: the lock, already taken.
   */
  async function work(
    videoId: number,
    options: {
      height?: number
      known?: VideoDetail
      continuing?: ReadonlyArray<DownloadStatus>
      held?: Release
      read?: Promise<DownloadRecord | undefined>
      /** A new download pressed on the page: its parts may be asked for at once (parts-ahead.ts). */
      isNew?: boolean
    },
  ): Promise<StartOutcome> {
    if (active.has(videoId) && !options.held) return {}
    let controller = new AbortController()
    active.set(videoId, controller)
    let release: Release | null = options.held ?? null
    // A download started here reads its record while the lock is asked for, not after (one round trip
    // fewer before the first part): start() hands over the read it made with its status write. That
    // read is older than the lock only if another tab let go of this very download in those few
    // milliseconds: at worst the run then fetches again parts already stored, and a pause or delete
    // meanwhile still stops it (followRecord).
    let read: Promise<DownloadRecord | undefined> | undefined = options.continuing || options.held ? undefined : (options.read ?? deps.table.get(videoId))
    read?.catch(() => undefined) // awaited by the run
    // So are the playlists of the page's own detail (from the HTTP cache, see run(); usually read
    // already, when the page showed the size: plan()): reading them stores nothing, so it needs no lock.
    const fresh = !options.continuing && !options.held && options.known !== undefined && grantsFullAccess(options.known, now())
    let early = fresh ? pagePlaylists(videoId, options.height, options.known!) : undefined
    early?.catch(() => undefined) // awaited by the run
    // For a new download, the parts those playlists plan are asked for now and stored only once the run
    // may (parts-ahead.ts); a resumed one asks only for the parts it has not stored, once it knows which.
    let ahead =
      early && options.isNew
        ? askPartsAhead(early.then(({ variant, variantText, variantUrl }) => planParts(variant, variantText, variantUrl).urls.slice(0, PARALLEL_PARTS)), fetchToStore)
        : undefined
    try {
      release ??= await tryLock(locks, lockName(videoId))
      if (!release) {
        awaitHolder(videoId)
        return {}
      }
      elsewhere.delete(videoId)
      let { height, known, continuing } = options
      for (;;) {
        if (continuing) {
          const record = await deps.table.get(videoId)
          if (!record || !continuing.includes(record.status)) return {}
          height = record.height
          read = Promise.resolve(record)
        }
        try {
          return await attempt(videoId, height, known, controller, read, early, ahead)
        } catch (error) {
          if (!(error instanceof Stopped)) throw error
        }
        read = undefined
        early = undefined
        ahead?.cancel()
        ahead = undefined
        const record = await deps.table.get(videoId)
        if (!record || removing.has(videoId)) {
          // Removed, here or in another tab: what was stored while it stopped goes too.
          await removeFiles(videoId)
          return {}
        }
        // Paused stays paused; resumed while it was stopping (the resume found the lock still held): go on.
        if (record.status !== 'downloading') return {}
        if (active.get(videoId) === controller) active.delete(videoId)
        controller = new AbortController()
        active.set(videoId, controller)
        known = undefined
        continuing = ['downloading']
      }
    } finally {
      ahead?.cancel() // whatever the run did not take (another tab has it, no room, handed to the browser)
      if (active.get(videoId) === controller) active.delete(videoId)
      await release?.()
    }
  }

  /**
   * Another tab holds the download: it counts as running here, and this tab waits for the lock. When
   * the holder lets go of a download still marked downloading (its tab closed), this tab goes on with it.
   */
  function awaitHolder(videoId: number) {
    elsewhere.add(videoId)
    if (awaiting.has(videoId)) return
    awaiting.add(videoId)
    void waitForLock(locks, lockName(videoId))
      .then((held) => {
        awaiting.delete(videoId)
        elsewhere.delete(videoId)
        return work(videoId, { continuing: ['downloading'], held })
      })
      .catch(() => undefined)
  }

  return {
    /**
     * What a download of the page's own detail at this quality would store (shown before the start),
     * its playlists read ahead of the press for start() to use. Undefined without a grant that lasts
     * or a declared bandwidth; rejects when the playlists cannot be read.
     */
    async plan(videoId: number, preferredHeight: number | undefined, known: VideoDetail): Promise<PlannedDownload | undefined> {
      if (!grantsFullAccess(known, now())) return undefined
      const { variant } = await pagePlaylists(videoId, preferredHeight, known)
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
      const said = deps.table.db.transaction('rw', deps.table, async () => {
        const record = await deps.table.get(videoId)
        if (record && (record.status === 'paused' || record.status === 'failed' || record.status === 'waiting_for_network')) {
          record.status = 'downloading'
          delete record.error
          await deps.table.put(record)
        }
        return record
      })
      // This tab still stopping it: its run reads the record once stopped, and this call must not find
      // it running before the word is in.
      if (active.has(videoId)) {
        await said
        return work(videoId, { height: preferredHeight, known, isNew: options.isNew })
      }
      said.catch(() => undefined) // awaited below
      const [outcome] = await Promise.all([work(videoId, { height: preferredHeight, known, read: said, isNew: options.isNew }), said])
      return outcome
    },

    /** Marked paused first: the tab that downloads it, this one or another, stops on seeing that. */
    async pause(videoId: number): Promise<void> {
      await deps.table.update(videoId, { status: 'paused' })
      active.get(videoId)?.abort()
    },

    /**
     * The files go first, then the record (so a download listed is never one half removed); the tab
     * that downloads it, when another, stops on seeing the record gone.
     */
    async remove(videoId: number): Promise<void> {
      removing.add(videoId)
      try {
        active.get(videoId)?.abort()
        await removeFiles(videoId)
        await deps.table.delete(videoId)
      } finally {
        removing.delete(videoId)
      }
    },

    async removeAll(): Promise<void> {
      for (const record of await deps.table.toArray()) await this.remove(record.videoId)
    },

    /**
     * At start and on `online`: downloads that were cut off continue from their first part not stored,
     * each in one tab.
     */
    async resumeInterrupted(): Promise<void> {
      const open = await deps.table.where('status').anyOf('downloading', 'waiting_for_network').toArray()
      await Promise.all(open.map((record) => work(record.videoId, { continuing: ['downloading', 'waiting_for_network'] }).catch(() => undefined)))
    },

    /** Online: removes downloads the learner may no longer watch in full. Answers their titles. */
    async removeRevoked(): Promise<string[]> {
      const removed: string[] = []
      for (const record of await deps.table.toArray()) {
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
    isActive: (videoId: number) => active.has(videoId) || elsewhere.has(videoId),
  }
}

export type DownloadManager = ReturnType<typeof createDownloadManager>
