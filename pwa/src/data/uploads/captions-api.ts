/**
 * The caption calls of the contract ("Captions, dialects, transcripts"): PUT a WebVTT file on a
 * submission, DELETE it. A refused file (422 invalid_captions) comes back with the server's lines
 * ("line 7: …") for the contributor to read as they are.
 */
import { type CaptionLanguage } from '../../../../contract/vocabulary.ts'
import { CAPTIONS_CONTENT_TYPE } from '../../../../contract/limits.ts'
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'
import type { SendCaptionsResult } from './upload-queue.ts'

/** The contract's limit on a captions file; checked here too so a big file is refused before it is sent. */
export { CAPTIONS_MAX_BYTES } from '../../../../contract/limits.ts'

/** How a send went (retry: no answer or 5xx/408/429; refused: the server's lines), as the upload queue reads it. */
export type CaptionSendResult = SendCaptionsResult

export async function sendCaptions(submissionId: number, language: CaptionLanguage, bytes: Blob): Promise<CaptionSendResult> {
  try {
    const { data } = await call('submissions.putCaptions', undefined, {
      params: { id: submissionId, lang: language },
      rawBody: { body: bytes, type: `${CAPTIONS_CONTENT_TYPE}; charset=utf-8` },
      timeoutMs: 60_000,
    })
    return { ok: true, cues: data.cues }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 408 || error.status === 429 || error.status >= 500) return { ok: false, failure: 'retry' }
    if (error.status === 401) return { ok: false, failure: 'signed_out' }
    return { ok: false, failure: 'refused', errors: refusalLines(error) }
  }
}

export async function removeCaptions(submissionId: number, language: CaptionLanguage): Promise<void> {
  await call('submissions.deleteCaptions', undefined, { params: { id: submissionId, lang: language } })
}

/** The server's own lines: each error it names, or its message when it names none. */
export function refusalLines(error: ApiError): string[] {
  return error.errors.length > 0 ? error.errors : [error.message]
}
