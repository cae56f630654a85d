/**
 * The app's one upload queue (data/uploads/upload-queue.ts over the Dexie tables) and what keeps it moving:
 * - at start (for contributors and admins) and on `online`, every waiting or cut-off upload resumes;
 * - on `offline`, running uploads are stopped and marked waiting: a request already under way can
 *   otherwise hang on a dead connection for minutes before it errors, while the server keeps every
 *   byte that arrived, so stopping at once loses nothing and resumes sooner;
 * - while online, a waiting upload is tried again every 30 s (tus gives up after its retry delays and
 *   nothing else would wake it without an `online` event);
 * - after the last byte the server probes and transcodes; the queue item follows that by polling
 *   GET /submissions/:id until `ready` or `failed`.
 * Every open tab does this, and each upload is still sent by one tab at a time: the queue takes a Web
 * Lock per item and leaves an item another tab holds alone (upload-queue.ts).
 * Everything stops on sign-out. A logout clears the queue (local-cache.ts); after a 401 it stays, and
 * the same person's uploads carry on once they sign in again (another person's are dropped then).
 */
import { useLiveData } from '../use-live-data.ts'
import { session } from '../session/session.ts'
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { connectivity } from '../runtime/connectivity.ts'
import { PERIODIC_RETRY_MS } from '../runtime/retry.ts'
import { readString, STORAGE_KEYS } from '../storage.ts'
import { reportUnauthorized } from '../unauthorized.ts'
import { createUploadQueue, type CreateSubmissionResult, type SubmissionDetails, type UploadItem } from './upload-queue.ts'

export const uploadQueue = createUploadQueue({
  items: db.uploads,
  blobs: db.uploadBlobs,
  token: () => readString(STORAGE_KEYS.token),
  // The same path as the API client's 401: the session ends and the app goes to /login.
  onUnauthorized: reportUnauthorized,
  createSubmission,
  discardSubmission: (submissionId) => call('submissions.delete', undefined, { params: { id: submissionId } }),
  sendCaptions: (submissionId, language, bytes) => import('./captions-api.ts').then((captions) => captions.sendCaptions(submissionId, language, bytes)),
})

/**
 * POST /submissions with the queue item's id as client_id. A 401 has already ended the session
 * (api.ts reports it); 408, 429 and 5xx are worth asking again later, any other refusal is final.
 */
async function createSubmission(details: SubmissionDetails, clientId: string): Promise<CreateSubmissionResult> {
  try {
    const { data } = await call('submissions.create', { submission: { ...details, client_id: clientId } })
    return { ok: true, id: data.id }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 408 || error.status === 429 || error.status >= 500) return { ok: false, failure: 'retry' }
    if (error.status === 401) return { ok: false, failure: 'signed_out' }
    return { ok: false, failure: 'refused', reason: [error.message, ...error.errors.filter((line) => line !== error.message)].join(' ') }
  }
}

const POLL_PROCESSING_MS = 2_000

let started = false
let retryTimer: ReturnType<typeof setInterval> | undefined
let stopFollowing: (() => void) | undefined
let pollTimer: ReturnType<typeof setTimeout> | undefined
let polling = false
/** Asked for while a pass was running: run another pass right after it. */
let again = false

/** One resume pass at a time: passes close together (start, `online`, the timer) would only repeat each other. */
let resuming: Promise<void> | null = null
function resumeAll(): Promise<void> {
  resuming ??= uploadQueue.resumeAll().finally(() => {
    resuming = null
  })
  return resuming
}

function onOnline() {
  void resumeAll()
  void pollProcessing()
}

function onOffline() {
  void stopRunningUploads()
}

/** The uploads this tab sends; another tab stops its own. */
async function stopRunningUploads() {
  const running = await db.uploads.where('status').equals('uploading').toArray()
  for (const item of running) {
    if (uploadQueue.isRunning(item.id)) await uploadQueue.suspend(item.id)
  }
}

/** Idempotent: the navigation chrome calls it for contributors, the upload page calls it again. */
export function startUploads(): void {
  if (started || typeof window === 'undefined') return
  started = true
  // The app's connectivity: the browser's events, and lie-fi noticed by our own requests.
  stopFollowing = connectivity.subscribe((up) => (up ? onOnline() : onOffline()))
  retryTimer = setInterval(() => {
    if (connectivity.isUp()) void resumeAll()
  }, PERIODIC_RETRY_MS)
  void resumeAll()
  void pollProcessing()
}

// A new 'processing' item (its last byte just arrived) starts the poll at once rather than never.
db.uploads.hook('updating', (changes) => {
  if ((changes as Partial<UploadItem>).status === 'processing') setTimeout(() => void pollProcessing(), 0)
})

function stopUploads(): void {
  if (!started) return
  started = false
  stopFollowing?.()
  stopFollowing = undefined
  clearInterval(retryTimer)
  clearTimeout(pollTimer)
}

session.onSignOut(stopUploads)

/** One pass over the items being processed; schedules the next pass while any remain. */
async function pollProcessing(): Promise<void> {
  if (!started) return
  if (polling) {
    again = true
    return
  }
  polling = true
  again = false
  clearTimeout(pollTimer)
  let remaining = 0
  try {
    const items = await db.uploads.where('status').equals('processing').toArray()
    remaining = items.length
    if (!connectivity.isUp()) return
    for (const item of items) {
      const next = await followOne(item)
      if (next !== 'processing') remaining -= 1
    }
  } finally {
    polling = false
    if (started && again) pollTimer = setTimeout(() => void pollProcessing(), 0)
    else if (started && remaining > 0) pollTimer = setTimeout(() => void pollProcessing(), POLL_PROCESSING_MS)
  }
}

async function followOne(item: UploadItem): Promise<UploadItem['status']> {
  // Processing follows the last byte, which only goes to a submission that exists: never the case.
  if (item.submissionId === undefined) return 'failed'
  try {
    const { data } = await call('submissions.get', undefined, { params: { id: item.submissionId } })
    const { state, percent, error } = data.processing
    if (state === 'ready') {
      await db.uploads.update(item.id, { status: 'ready', processingPercent: 100 })
      return 'ready'
    }
    if (state === 'failed') {
      await db.uploads.update(item.id, { status: 'failed', error: error ?? 'processing_failed' })
      return 'failed'
    }
    await db.uploads.update(item.id, { processingPercent: Math.max(0, Math.min(100, Math.round(percent))) })
    return 'processing'
  } catch (error) {
    // Deleted meanwhile (here or by an admin): nothing left to follow.
    if (error instanceof ApiError && error.status === 404) {
      await db.uploads.update(item.id, { status: 'failed', error: 'gone' })
      return 'failed'
    }
    return 'processing'
  }
}

/** The upload queue, newest first (undefined while Dexie answers). */
export function useUploads(): UploadItem[] | undefined {
  return useLiveData(() => db.uploads.orderBy('createdAt').reverse().toArray(), [])
}

/**
 * Stops the upload and discards the submission too: a submission with no file would only linger. One
 * not created yet exists only here (the queue drops it if its creation answers after the cancel).
 */
export async function cancelUpload(item: UploadItem): Promise<void> {
  // Read again: it may have been created since the dialog opened.
  const submissionId = (await db.uploads.get(item.id))?.submissionId ?? item.submissionId
  await uploadQueue.cancel(item.id)
  if (submissionId !== undefined) await call('submissions.delete', undefined, { params: { id: submissionId } }).catch(() => undefined)
}
