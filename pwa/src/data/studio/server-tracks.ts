/**
 * The studio's calls (api-contract "The captioning studio"): the submission, its stored tracks with
 * their ETags, and conditional saves. A save names the ETag its track was loaded at (`If-Match`), or
 * says there was none (`If-None-Match: *`); a 412 means another tab or device saved since, and the
 * contributor chooses (keep mine: save again over the server's new ETag; take theirs: load it).
 */
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import type { CaptionLanguage } from '../../../../contract/vocabulary.ts'
import { CAPTIONS_CONTENT_TYPE } from '../../../../contract/limits.ts'
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'
import { etagsOf, keepEtag, markSaved } from './drafts.ts'
import type { StudioDraft, StudioTrack } from './draft-types.ts'

export async function fetchSubmission(id: number): Promise<Submission> {
  const { data } = await call('submissions.get', undefined, { params: { id } })
  return data
}

export interface ServerTrack {
  vtt: string
  etag: string | null
}

function languageOf(draft: Pick<StudioDraft, 'language'>, track: StudioTrack): CaptionLanguage {
  return (track === 'en' ? 'en' : draft.language) as CaptionLanguage
}

/** A stored track and its ETag; null when the submission has none in that language. */
export async function fetchTrack(submissionId: number, language: string): Promise<ServerTrack | null> {
  let found: ServerTrack | null = null
  try {
    await call('submissions.getCaptions', undefined, {
      params: { id: submissionId, lang: language },
      headers: { Accept: CAPTIONS_CONTENT_TYPE },
      onAnswer: (response, text) => {
        found = { vtt: text, etag: response.headers.get('ETag') }
      },
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
  return found
}

export type TrackSave = { ok: true } | { ok: false; reason: 'conflict' } | { ok: false; reason: 'refused'; errors: string[] } | { ok: false; reason: 'offline' }

async function putTrack(draft: StudioDraft, track: StudioTrack, vtt: string, etag: string | null): Promise<TrackSave> {
  let newEtag: string | null = null
  try {
    await call('submissions.putCaptions', undefined, {
      params: { id: draft.submissionId, lang: languageOf(draft, track) },
      rawBody: { body: new Blob([vtt]), type: `${CAPTIONS_CONTENT_TYPE}; charset=utf-8` },
      headers: etag ? { 'If-Match': etag } : { 'If-None-Match': '*' },
      timeoutMs: 60_000,
      onAnswer: (response) => {
        newEtag = response.headers.get('ETag')
      },
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 408 || error.status === 429 || error.status >= 500) return { ok: false, reason: 'offline' }
    if (error.status === 412) return { ok: false, reason: 'conflict' }
    return { ok: false, reason: 'refused', errors: error.errors.length > 0 ? error.errors : [error.message] }
  }
  await keepEtag(draft.submissionId, track, newEtag)
  return { ok: true }
}

export type DraftSave = { ok: true } | { ok: false; track: StudioTrack; failure: Exclude<TrackSave, { ok: true }> }

/**
 * Saves the draft's tracks (`files`: each track's WebVTT, or null when it has no timed line to
 * send), the main one first. The first failure stops it and is answered with its track.
 */
export async function saveDraft(draft: StudioDraft, files: Record<StudioTrack, string | null>, override: Partial<Record<StudioTrack, string | null>> = {}): Promise<DraftSave> {
  for (const track of ['main', 'en'] as const) {
    const vtt = files[track]
    if (vtt === null) continue
    // The ETag as kept now: a save of the track before this one (or another tab's) may have changed it.
    const etag = track in override ? (override[track] ?? null) : ((await etagsOf(draft.submissionId)) ?? draft.etags)[track]
    const result = await putTrack(draft, track, vtt, etag)
    if (!result.ok) return { ok: false, track, failure: result }
  }
  await markSaved(draft.submissionId, draft.updatedAt)
  return { ok: true }
}

/** "Keep mine": the track is saved again over the server's current version (its ETag read now). */
export async function saveOverServer(draft: StudioDraft, track: StudioTrack, files: Record<StudioTrack, string | null>): Promise<DraftSave> {
  const current = await fetchTrack(draft.submissionId, languageOf(draft, track))
  return saveDraft(draft, files, { [track]: current?.etag ?? null })
}
