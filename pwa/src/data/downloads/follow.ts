/**
 * Following a download from its record: a run in this tab aborts when the record says paused or is
 * gone, and a download handed to Background Fetch reports its progress into the record until the
 * service worker has stored it.
 */
import { liveQuery, type EntityTable } from 'dexie'
import type { BackgroundFetchRegistrationLike } from './background-fetch.ts'
import { DownloadError, type DownloadRecord } from './record.ts'

/** Progress is written to IndexedDB at most this often: one write per segment slowed downloads down. */
export const PROGRESS_EVERY_MS = 250

type DownloadTable = EntityTable<DownloadRecord, 'videoId'>

/**
 * Follows a download's record while this tab runs it, and aborts the run when the record says paused
 * or, once it has existed, is gone.
 */
export function followRecord(table: DownloadTable, videoId: number, controller: AbortController) {
  let existed = false
  let last: DownloadRecord | undefined | null = null // null: not read yet
  const check = () => {
    if (last?.status === 'paused' || (existed && last === undefined)) controller.abort()
  }
  const subscription = liveQuery(() => table.get(videoId)).subscribe({
    next: (record) => {
      last = record
      if (record) existed = true
      check()
    },
    error: () => undefined,
  })
  return {
    /** The run found the record there when it began: its absence since means it was removed. */
    existed() {
      existed = true
      check()
    },
    stop: () => subscription.unsubscribe(),
  }
}

/**
 * Follows a download handed to Background Fetch: its progress goes into the record while this tab is
 * open, a pause or delete aborts it, and it ends when the service worker has stored it (the record
 * says complete) or failed (waiting for the network).
 */
export function followHanded(
  deps: { table: DownloadTable; now: () => number },
  videoId: number,
  registration: BackgroundFetchRegistrationLike,
  storedBytes: number,
  signal: AbortSignal,
): Promise<void> {
  const { now } = deps
  return new Promise<void>((resolve, reject) => {
    let reportedAt = 0
    const onProgress = () => {
      if (registration.result === 'failure') return finish(new DownloadError('network'))
      if (now() - reportedAt < PROGRESS_EVERY_MS) return
      reportedAt = now()
      // Never over the worker's own last word (complete, waiting): only a download still running moves.
      void deps.table
        .update(videoId, (current) => {
          if (current.status === 'downloading') current.bytesDone = storedBytes + registration.downloaded
        })
        .catch(() => undefined)
    }
    const onAbort = () => {
      void registration.abort().catch(() => false)
      finish(signal.reason)
    }
    const subscription = liveQuery(() => deps.table.get(videoId)).subscribe({
      next: (record) => {
        if (record?.status === 'complete') finish()
        else if (record?.status === 'waiting_for_network') finish(new DownloadError('network'))
      },
      error: () => undefined,
    })
    function finish(error?: unknown) {
      registration.removeEventListener('progress', onProgress)
      signal.removeEventListener('abort', onAbort)
      subscription.unsubscribe()
      if (error === undefined) resolve()
      else reject(error)
    }
    registration.addEventListener('progress', onProgress)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort)
  })
}
