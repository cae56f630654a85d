/**
 * The contributor's upload queue. A queued upload keeps the File itself in IndexedDB (in its own
 * table, so lists never load the bytes), which is why it survives a reload, a closed tab and a
 * browser restart. A form submitted with no signal is stored whole (its details too) and the
 * submission is created only once the network answers (createSubmission, POST /submissions), with the
 * item's id as its client_id: a retry after a lost answer, or a second tab, gets the first submission
 * back instead of a second one. tus-js-client then sends the file:
 * - with a fingerprint keyed on the queue item (the default one collides for Blobs read back from
 *   IndexedDB, which have no name or date), and the upload URL kept on the item as well;
 * - with a fresh Authorization header on every request, and retry delays for a flaky network;
 * - resuming from the server's offset after anything (offline, reload, server restart);
 * - by one tab at a time: a Web Lock per item ((runtime/locks.ts)), held for the whole send. Another tab
 *   leaves the item alone (it shows the progress from Dexie); a pause or cancel pressed there is
 *   written to the item, and the sending tab, which follows the item with a liveQuery, stops. Two tabs
 *   sending at once would send the same bytes twice, or one would create a second upload that
 *   replaces the first on the server.
 * Caption files chosen on the form (WebVTT, small) are stored with the file and sent (PUT
 * /submissions/:id/captions/:lang) once the submission exists, before the file: each ends saved or
 * refused with the server's lines, which the queue shows; no answer leaves the item waiting.
 * After the last byte the server probes and transcodes; the item follows that until ready or failed.
 * A 401 to a request that carried a token ends the session like any other 401 (onUnauthorized); the
 * item stays queued, marked signed_out, and carries on when the same person signs in again.
 */
import { connectivity } from '../runtime/connectivity.ts'
import { UPLOAD_RETRY_DELAYS_MS } from '../runtime/retry.ts'
import { liveQuery, type EntityTable } from 'dexie'
import type { DetailedError, Upload } from 'tus-js-client'
import { UPLOADS_PATH, UPLOAD_CHUNK_BYTES } from '../../../../contract/vocabulary.ts'
import type { CreateSubmissionBody } from '../../../../contract/schemas/contributors.ts'
import { newClientId } from '../client-id.ts'
import { browserLocks, tryLock, type TabLocks } from '../runtime/locks.ts'

export type UploadStatus = 'waiting' | 'uploading' | 'paused' | 'processing' | 'ready' | 'failed'

/** What POST /submissions is sent for a queued upload; the item's id goes with it as client_id. */
export type SubmissionDetails = Omit<CreateSubmissionBody['submission'], 'client_id'> & {
  dialect?: 'northern' | 'central' | 'southern' | 'mixed' | null
}

/**
 * How creating a submission went: its id, or what the queue does about it (`retry`: no answer, or
 * one worth asking again, such as 5xx or 429; `signed_out`: a 401, kept for the next sign-in;
 * `refused`: the server will not take these details, with its own sentence).
 */
export type CreateSubmissionResult =
  | { ok: true; id: number }
  | { ok: false; failure: 'retry' }
  | { ok: false; failure: 'signed_out' }
  | { ok: false; failure: 'refused'; reason: string }

/** A caption file as the form stored it, sent once the submission exists. */
export interface QueuedCaption {
  language: 'vi' | 'en'
  fileName: string
  /** The file's bytes as chosen (the server judges the encoding). */
  bytes: Blob
}

/** Where a queued caption file is: waiting to be sent, taken (with its lines), or refused (with the server's lines). */
export interface CaptionState {
  language: 'vi' | 'en'
  fileName: string
  state: 'pending' | 'saved' | 'refused'
  cues?: number
  errors?: string[]
}

/** How sending a caption file went (features/captions/captions-api.ts makes the call). */
export type SendCaptionsResult =
  | { ok: true; cues: number }
  | { ok: false; failure: 'retry' }
  | { ok: false; failure: 'signed_out' }
  | { ok: false; failure: 'refused'; errors: string[] }

export interface UploadItem {
  /** Also the submission's client_id (POST /submissions), so creating it twice answers the first. */
  id: string
  /** Absent until the server has created the submission (the form was sent with no signal). */
  submissionId?: number
  /** The form as submitted, kept until the submission exists on the server. */
  details?: SubmissionDetails
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
  /** The caption files that came with the form (their bytes wait in the blob record). */
  captions?: CaptionState[]
}

export interface UploadBlob {
  id: string
  blob: Blob
  captions?: QueuedCaption[]
}

export interface UploadQueueDeps {
  items: EntityTable<UploadItem, 'id'>
  blobs: EntityTable<UploadBlob, 'id'>
  token: () => string | null
  /** A 401 to a request that carried a token: the session has ended. */
  onUnauthorized?: () => void
  isOnline?: () => boolean
  now?: () => number
  loadTus?: () => Promise<typeof import('tus-js-client')>
  endpoint?: string
  /** Who holds which item: navigator.locks by default (an in-page stand-in without it). */
  locks?: TabLocks
  /** POST /submissions for an item stored before its submission existed. */
  createSubmission?: (details: SubmissionDetails, clientId: string) => Promise<CreateSubmissionResult>
  /** DELETE /submissions/:id, for a submission created just as its upload was cancelled. */
  discardSubmission?: (submissionId: number) => Promise<unknown>
  /** PUT /submissions/:id/captions/:lang for the caption files stored with an item. */
  sendCaptions?: (submissionId: number, language: 'vi' | 'en', bytes: Blob) => Promise<SendCaptionsResult>
}

/** Statuses a 4xx from tus leaves for good: retrying would be refused the same way (401: until signed in again). */
const FINAL_STATUSES = new Set([401, 403, 404, 410, 413, 415, 422])
/** The reason of an upload refused because the session had ended. */
export const SIGNED_OUT = 'signed_out'

export function createUploadQueue(deps: UploadQueueDeps) {
  const now = deps.now ?? (() => Date.now())
  const isOnline = deps.isOnline ?? connectivity.isUp
  const loadTus = deps.loadTus ?? (() => import('tus-js-client'))
  const locks = deps.locks ?? browserLocks()
  /** Items this tab sends, or is asking the lock for. */
  const running = new Map<string, Sending>()

  const update = (id: string, change: Partial<UploadItem>) => deps.items.update(id, change)

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
    const stored = await deps.blobs.get(id)
    if (!stored) {
      await update(id, { status: 'failed', error: 'The file is no longer on this device. Please choose it again.' })
      return 'done'
    }
    const submissionId = item.submissionId ?? (await createSubmission(item))
    if (submissionId === undefined) return 'done'
    if (!(await sendCaptions(id, submissionId, stored.captions ?? []))) return 'done'
    const tus = await loadTus()
    return new Promise((over) => {
      let lastBytes = item.bytesSent
      let lastAt = now()
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
      const upload: Upload = new tus.Upload(stored.blob, {
        endpoint: deps.endpoint ?? UPLOADS_PATH,
        uploadUrl: item.uploadUrl,
        fingerprint: async () => `dehieu-upload-${id}`,
        storeFingerprintForResuming: false, // the upload URL lives on the queue item instead
        metadata: { submission_id: String(submissionId), filename: item.fileName, filetype: item.fileType },
        retryDelays: UPLOAD_RETRY_DELAYS_MS,
        // a cut connection costs at most one chunk; size measured in bench/tus-upload.bench.ts
        chunkSize: UPLOAD_CHUNK_BYTES,
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
          void update(id, { uploadUrl: upload.url ?? undefined })
        },
        onProgress(sent) {
          if (finished) return
          const at = now()
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
          void finish('done', () => deps.items.update(id, { status: 'processing', bytesSent: item.size, speed: 0 }).then(() => deps.blobs.delete(id)))
        },
        onError(error) {
          void finish('done', async () => {
            const status = (error as DetailedError).originalResponse?.getStatus() ?? 0
            if (FINAL_STATUSES.has(status)) {
              // A 401 keeps the item (and its bytes) for the next sign-in; resumeAll picks it up again.
              const written = update(id, { status: 'failed', speed: 0, error: reasonFor(status) })
              if (status === 401 && sentToken) deps.onUnauthorized?.()
              await written
            } else {
              // Offline or out of retries: it waits, and starts again on `online` or at the next start.
              await update(id, { status: 'waiting', speed: 0 })
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
      started()
    })
  }

  /**
   * Creates the submission of an item stored without one (under the item's lock, so one tab asks; a
   * second ask, after a lost answer, gets the same submission back by client_id). Answers its id, or
   * undefined when the item was left waiting, failed or was cancelled meanwhile.
   */
  async function createSubmission(item: UploadItem): Promise<number | undefined> {
    if (!deps.createSubmission || !item.details) {
      await update(item.id, { status: 'failed', speed: 0, error: 'refused' })
      return undefined
    }
    const result = await deps.createSubmission(item.details, item.id).catch((): CreateSubmissionResult => ({ ok: false, failure: 'retry' }))
    if (!result.ok) {
      if (result.failure === 'retry') await update(item.id, { status: 'waiting', speed: 0 })
      else if (result.failure === 'signed_out') await update(item.id, { status: 'failed', speed: 0, error: SIGNED_OUT })
      else await update(item.id, { status: 'failed', speed: 0, error: result.reason })
      return undefined
    }
    // Cancelled while the answer was on its way: the new submission would linger without a file.
    const kept = await deps.items.update(item.id, { submissionId: result.id })
    if (kept === 0) {
      await deps.discardSubmission?.(result.id)
      return undefined
    }
    return result.id
  }

  /**
   * Sends the item's caption files still pending, one by one. Answers false when the item was left
   * waiting (no answer) or signed out: the file waits with them. A refused file is final (its lines
   * are kept for the contributor); the video goes on without it.
   */
  async function sendCaptions(id: string, submissionId: number, queued: QueuedCaption[]): Promise<boolean> {
    for (const caption of queued) {
      const current = (await deps.items.get(id))?.captions?.find((entry) => entry.language === caption.language)
      if (!current || current.state !== 'pending') continue
      const result = deps.sendCaptions
        ? await deps.sendCaptions(submissionId, caption.language, caption.bytes).catch((): SendCaptionsResult => ({ ok: false, failure: 'retry' }))
        : ({ ok: false, failure: 'retry' } as const)
      if (!result.ok && result.failure === 'retry') {
        await update(id, { status: 'waiting', speed: 0 })
        return false
      }
      if (!result.ok && result.failure === 'signed_out') {
        await update(id, { status: 'failed', speed: 0, error: SIGNED_OUT })
        return false
      }
      const outcome: Partial<CaptionState> = result.ok ? { state: 'saved', cues: result.cues } : { state: 'refused', errors: result.errors }
      await deps.items.update(id, (item) => {
        item.captions = (item.captions ?? []).map((entry) => (entry.language === caption.language ? { ...entry, ...outcome } : entry))
      })
    }
    return true
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
      await deps.items.db.transaction('rw', deps.items, deps.blobs, async () => {
        await deps.blobs.add({ id, blob: input.file, ...(input.captions?.length ? { captions: input.captions } : {}) })
        await deps.items.add(item)
      })
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
      const sending = running.get(id)
      if (!sending) return
      await sending.stop(false)
      await sending.over
    },

    /** Going offline: stops sending here at once and leaves the item waiting for the network. */
    async suspend(id: string): Promise<void> {
      await update(id, { status: 'waiting', speed: 0 })
      const sending = running.get(id)
      if (!sending) return
      await sending.stop(false)
      await sending.over
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
      const sending = running.get(id)
      if (!sending) return
      await sending.stop(true)
      await sending.over
    },

    /** Sent by this tab (or about to be). */
    isRunning: (id: string) => running.has(id),
  }
}

interface Sending {
  /** Stops the upload in flight (and drops it on the server when `terminate`). */
  stop(terminate: boolean): Promise<void>
  /** Settles once this tab is done with the item and has let its lock go. */
  over: Promise<void>
}

const lockName = (id: string) => `dehieu-upload:${id}`

/** What a tab may start sending: a failed item only when the session had ended (a retry marks it waiting first). */
function sendable(item: UploadItem): boolean {
  return item.status === 'waiting' || item.status === 'uploading' || (item.status === 'failed' && item.error === SIGNED_OUT)
}


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
