/**
 * What the upload queue keeps (db.uploads, db.uploadBlobs) and the words it writes on an item: its
 * statuses, why it failed, and which items a tab may start sending.
 */
import type { EntityTable } from 'dexie'
import type { CreateSubmissionBody } from '../../../../contract/schemas/contributors.ts'
import type { CaptionLanguage } from '../../../../contract/vocabulary.ts'
import type { TabLocks } from '../runtime/locks.ts'

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
  language: CaptionLanguage
  fileName: string
  /** The file's bytes as chosen (the server judges the encoding). */
  bytes: Blob
}

/** Where a queued caption file is: waiting to be sent, taken (with its lines), or refused (with the server's lines). */
export interface CaptionState {
  language: CaptionLanguage
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
  /**
   * The device would not keep the file (Safari's private browsing refuses Blobs in IndexedDB): it is
   * sent from the memory of the tab it was chosen in, and a closed tab loses it.
   */
  inMemory?: boolean
}

export interface UploadBlob {
  id: string
  blob: Blob
  captions?: QueuedCaption[]
}

/** What the queue is given (upload-queue.ts); tests give their own tables, locks and calls. */
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
  sendCaptions?: (submissionId: number, language: CaptionLanguage, bytes: Blob) => Promise<SendCaptionsResult>
}

/** Statuses a 4xx from tus leaves for good: retrying would be refused the same way (401: until signed in again). */
export const FINAL_STATUSES = new Set([401, 403, 404, 410, 413, 415, 422])
/** The reason of an upload refused because the session had ended. */
export const SIGNED_OUT = 'signed_out'
/** The reason of an upload whose file is no longer on the device (its blob record went). */
export const NOT_ON_DEVICE = 'not_on_device'
/** The reason of an upload kept in a tab's memory (inMemory) whose tab was closed before it was sent. */
export const LOST_WITH_TAB = 'lost_with_tab'

/** What a tab may start sending: a failed item only when the session had ended (a retry marks it waiting first). */
export function sendable(item: UploadItem): boolean {
  return item.status === 'waiting' || item.status === 'uploading' || (item.status === 'failed' && item.error === SIGNED_OUT)
}

/** The reason written on an item tus refused with this status. */
export function reasonFor(status: number): string {
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
