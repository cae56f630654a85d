/**
 * Which downloads this tab runs, and the rule that one tab at a time works on a download: a Web Lock
 * per video (../runtime/locks.ts), held for the whole run. Another tab leaves it alone, counts it as
 * running and waits for the lock, then carries on with it only if the holder went away mid-download
 * (closed). A run follows its record (follow.ts): a pause pressed in any tab stops it, a delete stops
 * it and removes what it stored meanwhile, and a resume pressed while it stopped runs it again.
 */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { tryLock, waitForLock, type Release } from '../runtime/locks.ts'
import type { RunDeps } from './download-deps.ts'
import { attemptRun } from './download-run.ts'
import { PARALLEL_PARTS } from './fetch-parts.ts'
import { askPartsAhead } from './parts-ahead.ts'
import { grantsFullAccess, planParts } from './plan.ts'
import { Stopped, type DownloadRecord, type DownloadStatus, type StartOutcome } from './record.ts'
import { removeDownloadFiles } from './store.ts'

const lockName = (videoId: number) => `dehieu-download:${videoId}`

export interface WorkOptions {
  height?: number
  known?: VideoDetail
  /** Only a record in one of these statuses goes on (read under the lock). */
  continuing?: ReadonlyArray<DownloadStatus>
  /** The lock, already taken. */
  held?: Release
  read?: Promise<DownloadRecord | undefined>
  /** A new download pressed on the page: its parts may be asked for at once (parts-ahead.ts). */
  isNew?: boolean
}

export function createTabDownloads(deps: RunDeps) {
  /** Downloads this tab runs (or is asking the lock for). */
  const active = new Map<number, AbortController>()
  /** Downloads another tab held when this one asked: running, as far as this tab can tell. */
  const elsewhere = new Set<number>()
  /** Downloads this tab waits to take over when their holder lets go. */
  const awaiting = new Set<number>()
  /** Downloads being deleted in this tab (their record goes last). */
  const removing = new Set<number>()

  const removeFiles = async (videoId: number) => removeDownloadFiles(await deps.openCache(), videoId)

  /** Runs a download if no tab does yet. */
  async function work(videoId: number, options: WorkOptions): Promise<StartOutcome> {
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
    // So are the playlists of the page's own detail (from the HTTP cache, see run-plan.ts; usually read
    // already, when the page showed the size: plan()): reading them stores nothing, so it needs no lock.
    const fresh = !options.continuing && !options.held && options.known !== undefined && grantsFullAccess(options.known, deps.now())
    let early = fresh ? deps.playlists.pagePlaylists(videoId, options.height, options.known!) : undefined
    early?.catch(() => undefined) // awaited by the run
    // For a new download, the parts those playlists plan are asked for now and stored only once the run
    // may (parts-ahead.ts); a resumed one asks only for the parts it has not stored, once it knows which.
    let ahead =
      early && options.isNew
        ? askPartsAhead(early.then(({ variant, variantText, variantUrl }) => planParts(variant, variantText, variantUrl).urls.slice(0, PARALLEL_PARTS)), deps.files.fetchToStore)
        : undefined
    try {
      release ??= await tryLock(deps.locks, lockName(videoId))
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
          return await attemptRun(deps, { videoId, preferredHeight: height, known, controller, read, early, ahead })
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
    void waitForLock(deps.locks, lockName(videoId))
      .then((held) => {
        awaiting.delete(videoId)
        elsewhere.delete(videoId)
        return work(videoId, { continuing: ['downloading'], held })
      })
      .catch(() => undefined)
  }

  return {
    work,
    /** This tab runs it (or asks for its lock). */
    runsHere: (videoId: number) => active.has(videoId),
    /** Downloading here, or in another tab as far as this one can tell. */
    isActive: (videoId: number) => active.has(videoId) || elsewhere.has(videoId),
    /** Stops this tab's run of it, if any. */
    stop: (videoId: number) => active.get(videoId)?.abort(),
    /**
     * The files go first, then the record (so a download listed is never one half removed); a run
     * stopping meanwhile, here, removes what it stored.
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
  }
}
