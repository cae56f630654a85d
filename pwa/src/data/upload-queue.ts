/**
 * The contributor's upload queue. A queued upload keeps the File itself in IndexedDB (in its own
 * table, so lists never load the bytes), which is why it survives a reload, a closed tab and a
 * browser restart. tus-js-client sends it:
 * - with a fingerprint keyed on the queue item (the default one collides for Blobs read back from
 *   IndexedDB, which have no name or date), and the upload URL kept on the item as well;
 * - with a fresh Authorization header on every request, and retry delays for a flaky network;
 * - resuming from the server's offset after anything (offline, reload, server restart).
 * After the last byte the server probes and transcodes; the item follows that until ready or failed.
 * A 401 to a request that carried a token ends the session like any other 401 (onUnauthorized); the
 * item stays queued, marked signed_out, and carries on at the next start under the same person.
 */
import type { EntityTable } from 'dexie'
import type { DetailedError, Upload } from 'tus-js-client'
import { UPLOADS_PATH } from '../../../contract/schemas/contributors.ts'

export type UploadStatus = 'waiting' | 'uploading' | 'paused' | 'processing' | 'ready' | 'failed'

export interface UploadItem {
  id: string
  submissionId: number
  title: string
  fileName: string
  fileType: string
  size: number
  status: UploadStatus
  bytesSent: number
  /** Bytes per second over the last progress interval, while uploading. */
  speed: number
  processingPercent: number
  uploadUrl?: string
  error?: string
  createdAt: number
  /** Who queued it (user id); items from before this was kept have none. */
  ownerId?: number
}

export interface UploadBlob {
  id: string
  blob: Blob
}

export interface UploadQueueDeps {
  items: EntityTable<UploadItem, 'id'>
  blobs: EntityTable<UploadBlob, 'id'>
  token: () => string | null
  /** The signed-in person's id: new items are theirs, and only theirs (or ownerless ones) resume. */
  userId?: () => number | null
  /** A 401 to a request that carried a token: the session has ended. */
  onUnauthorized?: () => void
  isOnline?: () => boolean
  now?: () => number
  loadTus?: () => Promise<typeof import('tus-js-client')>
  endpoint?: string
}

/** Statuses a 4xx from tus leaves for good: retrying would be refused the same way (401: until signed in again). */
const FINAL_STATUSES = new Set([401, 403, 404, 410, 413, 415, 422])
/** The reason of an upload refused because the session had ended. */
export const SIGNED_OUT = 'signed_out'
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000]

export function createUploadQueue(deps: UploadQueueDeps) {
  const now = deps.now ?? (() => Date.now())
  const isOnline = deps.isOnline ?? (() => navigator.onLine !== false)
  const loadTus = deps.loadTus ?? (() => import('tus-js-client'))
  const running = new Map<string, Upload>()

  const update = (id: string, change: Partial<UploadItem>) => deps.items.update(id, change)

  async function send(item: UploadItem): Promise<void> {
    if (running.has(item.id)) return
    if (!isOnline()) {
      await update(item.id, { status: 'waiting' })
      return
    }
    const stored = await deps.blobs.get(item.id)
    if (!stored) {
      await update(item.id, { status: 'failed', error: 'The file is no longer on this device. Please choose it again.' })
      return
    }
    const tus = await loadTus()
    let lastBytes = item.bytesSent
    let lastAt = now()
    let sentToken = false
    const upload: Upload = new tus.Upload(stored.blob, {
      endpoint: deps.endpoint ?? UPLOADS_PATH,
      uploadUrl: item.uploadUrl,
      fingerprint: async () => `dehieu-upload-${item.id}`,
      storeFingerprintForResuming: false, // the upload URL lives on the queue item instead
      metadata: { submission_id: String(item.submissionId), filename: item.fileName, filetype: item.fileType },
      retryDelays: RETRY_DELAYS_MS,
      onBeforeRequest(request) {
        const token = deps.token()
        sentToken = Boolean(token)
        if (token) request.setHeader('Authorization', `Bearer ${token}`)
      },
      onShouldRetry(error: DetailedError) {
        const status = error.originalResponse?.getStatus() ?? 0
        return !FINAL_STATUSES.has(status)
      },
      onUploadUrlAvailable() {
        void update(item.id, { uploadUrl: upload.url ?? undefined })
      },
      onProgress(sent) {
        const at = now()
        const speed = at > lastAt ? ((sent - lastBytes) * 1000) / (at - lastAt) : 0
        lastBytes = sent
        lastAt = at
        void update(item.id, { bytesSent: sent, speed: Math.max(0, Math.round(speed)), status: 'uploading' })
      },
      onSuccess() {
        running.delete(item.id)
        void deps.items.update(item.id, { status: 'processing', bytesSent: item.size, speed: 0 }).then(() => deps.blobs.delete(item.id))
      },
      onError(error) {
        running.delete(item.id)
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0
        if (FINAL_STATUSES.has(status)) {
          // A 401 keeps the item (and its bytes) for the next sign-in; resumeAll picks it up again.
          void update(item.id, { status: 'failed', speed: 0, error: reasonFor(status) })
          if (status === 401 && sentToken) deps.onUnauthorized?.()
        } else {
          // Offline or out of retries: it waits, and starts again on `online` or at the next start.
          void update(item.id, { status: 'waiting', speed: 0 })
        }
      },
    })
    running.set(item.id, upload)
    await update(item.id, { status: 'uploading', error: undefined })
    upload.start()
  }

  return {
    /** Stores the file and its details first, then starts sending. */
    async enqueue(input: { submissionId: number; title: string; file: File }): Promise<string> {
      const id = crypto.randomUUID()
      const item: UploadItem = {
        id,
        submissionId: input.submissionId,
        title: input.title,
        fileName: input.file.name,
        fileType: input.file.type || 'application/octet-stream',
        size: input.file.size,
        status: 'waiting',
        bytesSent: 0,
        speed: 0,
        processingPercent: 0,
        createdAt: now(),
        ownerId: deps.userId?.() ?? undefined,
      }
      await deps.items.db.transaction('rw', deps.items, deps.blobs, async () => {
        await deps.blobs.add({ id, blob: input.file })
        await deps.items.add(item)
      })
      void send(item)
      return id
    },

    /**
     * Starts every upload of the signed-in person that is waiting, was cut off, or was refused only
     * because the session had ended (at app start, so after signing in again, and on `online`).
     */
    async resumeAll(): Promise<void> {
      const open = await deps.items.where('status').anyOf('waiting', 'uploading', 'failed').toArray()
      const userId = deps.userId?.() ?? null
      const mine = (item: UploadItem) => item.ownerId === undefined || item.ownerId === userId
      const due = open.filter((item) => mine(item) && (item.status !== 'failed' || item.error === SIGNED_OUT))
      await Promise.all(due.map((item) => send(item)))
    },

    async pause(id: string): Promise<void> {
      await running.get(id)?.abort(false)
      running.delete(id)
      await update(id, { status: 'paused', speed: 0 })
    },

    async resume(id: string): Promise<void> {
      const item = await deps.items.get(id)
      if (item && (item.status === 'paused' || item.status === 'waiting' || item.status === 'failed')) await send({ ...item, status: 'waiting' })
    },

    /** Stops, asks the server to drop the partial upload, and forgets the item and its bytes. */
    async cancel(id: string): Promise<void> {
      const upload = running.get(id)
      running.delete(id)
      await upload?.abort(true).catch(() => undefined)
      await deps.items.db.transaction('rw', deps.items, deps.blobs, async () => {
        await deps.items.delete(id)
        await deps.blobs.delete(id)
      })
    },

    isRunning: (id: string) => running.has(id),
  }
}

export type UploadQueue = ReturnType<typeof createUploadQueue>

function reasonFor(status: number): string {
  switch (status) {
    case 401:
      return SIGNED_OUT
    case 403:
      return 'forbidden'
    case 413:
      return 'too_large'
    case 404:
    case 410:
      return 'gone'
    default:
      return 'refused'
  }
}
