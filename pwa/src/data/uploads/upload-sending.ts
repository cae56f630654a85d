/**
 * Sending the queue's items, one tab at a time per item: a Web Lock per item (runtime/locks.ts), held
 * for the whole send. Under it, the item is read again, its submission and captions come first
 * (before-the-file.ts), then its file (tus-send.ts), from the device or from this tab's memory
 * (memory-files.ts). A tab that does not get the lock leaves the item alone.
 */
import { tryLock, type TabLocks } from '../runtime/locks.ts'
import { createSubmissionFor, sendCaptionsFor } from './before-the-file.ts'
import type { createMemoryFiles } from './memory-files.ts'
import { sendFile, type Sending } from './tus-send.ts'
import { LOST_WITH_TAB, NOT_ON_DEVICE, sendable, type UploadBlob, type UploadItem, type UploadQueueDeps } from './upload-items.ts'

type SenderDeps = UploadQueueDeps & {
  now: () => number
  isOnline: () => boolean
  loadTus: () => Promise<typeof import('tus-js-client')>
  locks: TabLocks
}

const lockName = (id: string) => `dehieu-upload:${id}`

export function createUploadSender(deps: SenderDeps, memory: ReturnType<typeof createMemoryFiles>) {
  /** Items this tab sends, or is asking the lock for. */
  const running = new Map<string, Sending>()
  const { now, isOnline, locks } = deps
  const update = (id: string, change: Partial<UploadItem>) => deps.items.update(id, change)

  /** The item's file and captions: on the device, or in this tab's memory; undefined when neither has them. */
  async function fileOf(item: UploadItem): Promise<UploadBlob | 'elsewhere' | undefined> {
    const kept = memory.get(item.id) ?? (await deps.blobs.get(item.id))
    if (kept || !item.inMemory) return kept
    return (await memory.lost(item.id)) ? undefined : 'elsewhere'
  }

  /**
   * One send of an item while this tab holds its lock. Answers when it is over: 'done' (sent, refused,
   * or cut off and left waiting), 'stopped' (paused or cancelled, here or in another tab), or 'skipped'
   * (nothing to send now).
   */
  async function attempt(id: string, sending: Sending, started: () => void): Promise<'done' | 'stopped' | 'skipped'> {
    // Read again under the lock: another tab may have saved the upload URL, paused, cancelled or
    // finished the item since the caller read it.
    const item = await deps.items.db.transaction('rw', deps.items, async () => {
      const current = await deps.items.get(id)
      if (!current || !sendable(current)) return undefined
      if (!isOnline()) {
        await update(id, { status: 'waiting' })
        return undefined
      }
      await update(id, { status: 'uploading', error: undefined })
      return current
    })
    if (!item) return 'skipped'
    const stored = await fileOf(item)
    if (stored === 'elsewhere') {
      // Held in the memory of the tab it was chosen in, which sends it when it can.
      await update(id, { status: 'waiting' })
      return 'skipped'
    }
    if (!stored) {
      await update(id, { status: 'failed', error: item.inMemory ? LOST_WITH_TAB : NOT_ON_DEVICE })
      return 'done'
    }
    const submissionId = item.submissionId ?? (await createSubmissionFor(deps, item))
    if (submissionId === undefined) return 'done'
    if (!(await sendCaptionsFor(deps, id, submissionId, stored.captions ?? []))) return 'done'
    const tus = await deps.loadTus()
    const sent = () => Promise.all([deps.blobs.delete(id), memory.drop(id)])
    return sendFile({ ...deps, now }, tus, { item, file: stored.blob, submissionId, sending, started, sent })
  }

  /**
   * Sends an item if no tab does yet (another tab that holds its lock sends it, and its progress shows
   * here from Dexie). Answers once the upload has started or been left alone; the lock is held until
   * the upload is over.
   */
  function send(id: string): Promise<void> {
    if (running.has(id)) return Promise.resolve()
    let started!: () => void
    const answered = new Promise<void>((resolve) => (started = resolve))
    const sending: Sending = { stop: async () => undefined, over: Promise.resolve() }
    running.set(id, sending)
    const leave = () => {
      if (running.get(id) === sending) running.delete(id)
    }
    sending.over = (async () => {
      const release = await tryLock(locks, lockName(id))
      if (!release) return leave()
      try {
        // Resumed while it was stopping (the resume found this tab still holding the lock): go on.
        while ((await attempt(id, sending, started)) === 'stopped' && (await deps.items.get(id))?.status === 'waiting') {
          sending.stop = async () => undefined
        }
      } finally {
        leave()
        await release()
      }
    })()
      .catch(() => leave())
      .finally(started)
    return answered
  }

  /** Stops this tab's send of an item, if any, and waits until it has let the item go. */
  async function stopSending(id: string, terminate: boolean): Promise<void> {
    const sending = running.get(id)
    if (!sending) return
    await sending.stop(terminate)
    await sending.over
  }

  return { send, stopSending, isRunning: (id: string) => running.has(id) }
}
