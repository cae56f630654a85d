/**
 * The contributor's upload queue. A queued upload keeps the File itself in IndexedDB (in its own
 * table, so lists never load the bytes), which is why it survives a reload, a closed tab and a
 * browser restart. A form submitted with no signal is stored whole (its details too) and the
 * submission is created only once the network answers (createSubmission, POST /submissions), with the
 * item's id as its client_id: a retry after a lost answer, or a second tab, gets the first submission
 * back instead of a second one (before-the-file.ts). tus-js-client then sends the file (tus-send.ts),
 * by one tab at a time: a Web Lock per item (runtime/locks.ts), held for the whole send. Another tab
 *   leaves the item alone (it shows the progress from Dexie); a pause or cancel pressed there is
 *   written to the item, and the sending tab, which follows the item with a liveQuery, stops. Two tabs
 *   sending at once would send the same bytes twice, or one would create a second upload that
 *   replaces the first on the server.
 * Caption files chosen on the form (WebVTT, small) are stored with the file and sent (PUT
 * /submissions/:id/captions/:lang) once the submission exists, before the file: each ends saved or
 * refused with the server's lines, which the queue shows; no answer leaves the item waiting.
 * Where the device will not keep the file (Safari's private browsing), the upload is sent from this
 * tab's memory instead (memory-files.ts, the item marked inMemory): a closed tab loses it.
 * After the last byte the server probes and transcodes; the item follows that until ready or failed.
 * A 401 to a request that carried a token ends the session like any other 401 (onUnauthorized); the
 * item stays queued, marked signed_out, and carries on when the same person signs in again.
 */
import { connectivity } from '../runtime/connectivity.ts'
import { newClientId } from '../client-id.ts'
import { browserLocks } from '../runtime/locks.ts'
import { createMemoryFiles } from './memory-files.ts'
import { whyNotKept } from './not-kept.ts'
import { createUploadSender } from './upload-sending.ts'
import {
  sendable,
  type CaptionState,
  type QueuedCaption,
  type SubmissionDetails,
  type UploadBlob,
  type UploadItem,
  type UploadQueueDeps,
} from './upload-items.ts'

export { LOST_WITH_TAB, type CaptionState, type CreateSubmissionResult, type QueuedCaption, type SendCaptionsResult, type SubmissionDetails, type UploadBlob, type UploadItem } from './upload-items.ts'

export function createUploadQueue(deps: UploadQueueDeps) {
  const now = deps.now ?? (() => Date.now())
  const isOnline = deps.isOnline ?? connectivity.isUp
  const loadTus = deps.loadTus ?? (() => import('tus-js-client'))
  const locks = deps.locks ?? browserLocks()
  /** Files the device would not keep, sent from this tab's memory. */
  const memory = createMemoryFiles(locks)
  const { send, stopSending, isRunning } = createUploadSender({ ...deps, now, isOnline, loadTus, locks }, memory)

  const update = (id: string, change: Partial<UploadItem>) => deps.items.update(id, change)

  /**
   * Stores the file with the item, or, where the device refuses to keep the file (not where it cannot
   * keep even the item), the item alone, marked inMemory, with the file in this tab's memory.
   */
  async function store(item: UploadItem, blob: UploadBlob): Promise<void> {
    try {
      await deps.items.db.transaction('rw', deps.items, deps.blobs, async () => {
        await deps.blobs.add(blob)
        await deps.items.add(item)
      })
    } catch (error) {
      if (whyNotKept(error) === 'unknown') throw error
      await memory.keep(blob)
      try {
        await deps.items.add({ ...item, inMemory: true })
      } catch {
        await memory.drop(item.id)
        throw error
      }
    }
  }

  return {
    /**
     * Stores the file and its details first, then starts sending. Either the submission already
     * exists (`submissionId`) or its `details` are kept and it is created once the network answers.
     */
    async enqueue(
      input: { title: string; file: File; captions?: QueuedCaption[] } & ({ submissionId: number } | { details: SubmissionDetails }),
    ): Promise<string> {
      const id = newClientId()
      const item: UploadItem = {
        id,
        ...('submissionId' in input ? { submissionId: input.submissionId } : { details: input.details }),
        title: input.title,
        fileName: input.file.name,
        fileType: input.file.type || 'application/octet-stream',
        size: input.file.size,
        status: 'waiting',
        bytesSent: 0,
        speed: 0,
        processingPercent: 0,
        createdAt: now(),
        ...(input.captions?.length
          ? { captions: input.captions.map(({ language, fileName }): CaptionState => ({ language, fileName, state: 'pending' })) }
          : {}),
      }
      await store(item, { id, blob: input.file, ...(input.captions?.length ? { captions: input.captions } : {}) })
      void send(id)
      return id
    },

    /**
     * Starts every upload that is waiting, was cut off, or was refused only because the session had
     * ended (at app start, so after signing in again, and on `online`). The queue is the signed-in
     * person's: another person's sign-in empties it first (local-cache.ts claimLocalData). An upload
     * another tab is sending stays with that tab.
     */
    async resumeAll(): Promise<void> {
      const open = await deps.items.where('status').anyOf('waiting', 'uploading', 'failed').toArray()
      await Promise.all(open.filter(sendable).map((item) => send(item.id)))
    },

    /** Marked paused first: the tab that sends it, this one or another, stops on seeing that. */
    async pause(id: string): Promise<void> {
      await update(id, { status: 'paused', speed: 0 })
      await stopSending(id, false)
    },

    /** Going offline: stops sending here at once and leaves the item waiting for the network. */
    async suspend(id: string): Promise<void> {
      await update(id, { status: 'waiting', speed: 0 })
      await stopSending(id, false)
    },

    /** Marked waiting first, so a tab still stopping the upload goes on with it rather than let it lie. */
    async resume(id: string): Promise<void> {
      const item = await deps.items.get(id)
      if (!item || !(item.status === 'paused' || item.status === 'waiting' || item.status === 'failed')) return
      if (item.status !== 'waiting') await update(id, { status: 'waiting', error: undefined })
      await send(id)
    },

    /**
     * Forgets the item and its bytes, then stops: the tab that sends it, this one or another, sees it
     * gone, stops and asks the server to drop the partial upload.
     */
    async cancel(id: string): Promise<void> {
      await deps.items.db.transaction('rw', deps.items, deps.blobs, async () => {
        await deps.items.delete(id)
        await deps.blobs.delete(id)
      })
      await memory.drop(id)
      await stopSending(id, true)
    },

    /** Sent by this tab (or about to be). */
    isRunning,

    /** Held in this tab's memory, the device having refused to keep the file: a closed tab loses it. */
    keptInMemory: (id: string) => memory.get(id) !== undefined,
  }
}
