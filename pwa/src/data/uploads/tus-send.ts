/**
 * Sending one item's file with tus-js-client, under the item's lock (upload-queue.ts):
 * - with a fingerprint keyed on the queue item (the default one collides for Blobs read back from
 *   IndexedDB, which have no name or date), and the upload URL kept on the item as well;
 * - with fresh session headers on every request (request-headers.ts), and retry delays for a flaky network;
 * - resuming from the server's offset after anything (offline, reload, server restart);
 * - following the item's record: a pause or cancel pressed in any tab stops it here.
 */
import { liveQuery } from 'dexie'
import type { DetailedError, Upload } from 'tus-js-client'
import { UPLOADS_PATH, UPLOAD_CHUNK_BYTES } from '../../../../contract/vocabulary.ts'
import { sessionHeaders } from '../request-headers.ts'
import { UPLOAD_RETRY_DELAYS_MS } from '../runtime/retry.ts'
import { FINAL_STATUSES, reasonFor, type UploadItem, type UploadQueueDeps } from './upload-items.ts'

/** This tab's send of an item. */
export interface Sending {
  /** Stops the upload in flight (and drops it on the server when `terminate`). */
  stop(terminate: boolean): Promise<void>
  /** Settles once this tab is done with the item and has let its lock go. */
  over: Promise<void>
}

export interface FileSend {
  item: UploadItem
  file: Blob
  submissionId: number
  sending: Sending
  /** Called once the upload has started. */
  started: () => void
  /** The file was sent: its bytes may go from the device (and from memory). */
  sent: () => Promise<unknown>
}

type Deps = Pick<UploadQueueDeps, 'items' | 'token' | 'onUnauthorized' | 'endpoint'> & { now: () => number }

/** Answers once the send is over: 'done' (sent, refused, or cut off and left waiting) or 'stopped' (paused or cancelled). */
export function sendFile(deps: Deps, tus: typeof import('tus-js-client'), send: FileSend): Promise<'done' | 'stopped'> {
  const { item, sending } = send
  const id = item.id
  const update = (change: Partial<UploadItem>) => deps.items.update(id, change)
  return new Promise((over) => {
    let lastBytes = item.bytesSent
    let lastAt = deps.now()
    let sentToken = false
    let finished = false
    let unwatch = () => {}
    /** The first of success, error and stop counts; the lock is let go only after its write. */
    const finish = (outcome: 'done' | 'stopped', work: () => Promise<unknown>): Promise<void> => {
      if (finished) return Promise.resolve()
      finished = true
      unwatch()
      return work()
        .catch(() => undefined)
        .then(() => over(outcome))
    }
    const upload: Upload = new tus.Upload(send.file, {
      endpoint: deps.endpoint ?? UPLOADS_PATH,
      uploadUrl: item.uploadUrl,
      fingerprint: async () => `dehieu-upload-${id}`,
      storeFingerprintForResuming: false, // the upload URL lives on the queue item instead
      metadata: { submission_id: String(send.submissionId), filename: item.fileName, filetype: item.fileType },
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      // a cut connection costs at most one chunk; size measured in bench/tus-upload.bench.ts
      chunkSize: UPLOAD_CHUNK_BYTES,
      onBeforeRequest(request) {
        const token = deps.token()
        sentToken = Boolean(token)
        for (const [name, value] of Object.entries(sessionHeaders(token))) request.setHeader(name, value)
      },
      onShouldRetry(error: DetailedError) {
        const status = error.originalResponse?.getStatus() ?? 0
        return !FINAL_STATUSES.has(status)
      },
      onUploadUrlAvailable() {
        void update({ uploadUrl: upload.url ?? undefined })
      },
      onProgress(sent) {
        if (finished) return
        const at = deps.now()
        const speed = at > lastAt ? ((sent - lastBytes) * 1000) / (at - lastAt) : 0
        lastBytes = sent
        lastAt = at
        // Read and written in one step, and only while the item is uploading: a pause from another
        // tab, or going offline here (suspend: waiting), is never written over by a progress event
        // that was already on its way (that left an item cut off offline saying 'Uploading 17%').
        void deps.items.update(id, (current) => {
          if (current.status !== 'uploading') return
          current.bytesSent = sent
          current.speed = Math.max(0, Math.round(speed))
        })
      },
      onSuccess() {
        void finish('done', () => update({ status: 'processing', bytesSent: item.size, speed: 0 }).then(send.sent))
      },
      onError(error) {
        void finish('done', async () => {
          const status = (error as DetailedError).originalResponse?.getStatus() ?? 0
          if (FINAL_STATUSES.has(status)) {
            // A 401 keeps the item (and its bytes) for the next sign-in; resumeAll picks it up again.
            const written = update({ status: 'failed', speed: 0, error: reasonFor(status) })
            if (status === 401 && sentToken) deps.onUnauthorized?.()
            await written
          } else {
            // Offline or out of retries: it waits, and starts again on `online` or at the next start.
            await update({ status: 'waiting', speed: 0 })
          }
        })
      },
    })
    sending.stop = (terminate) => finish('stopped', () => upload.abort(terminate))
    // Paused or cancelled in any tab: the item's record says so, and this tab, which sends it, stops.
    const subscription = liveQuery(() => deps.items.get(id)).subscribe({
      next: (current) => {
        if (!current) void sending.stop(true) // cancelled: the partial upload goes from the server too
        else if (current.status === 'paused') void sending.stop(false)
      },
      error: () => undefined,
    })
    unwatch = () => subscription.unsubscribe()
    upload.start()
    send.started()
  })
}
