/**
 * Captions and transcripts (issue 19): WebVTT tracks attached to a submission, served with its
 * published video.
 *
 * For code that stores captions itself (the demo seed, an import):
 *
 *   await captions.save(submissionId, 'vi', vttText)                  // its own transaction
 *   await captions.save(submissionId, 'vi', vttText, { db: trx })     // inside the caller's
 *
 * checks the text as an upload is checked (WebVTT by `media-captions`, NFC, every cue inside the
 * submission's video when its length is known yet, i.e. once processed), replaces any track of that
 * language, and answers `{language, cues, duration_seconds}`. It throws an ApiError: 422
 * `invalid_captions` with `errors` naming the lines, 404 when the submission does not exist. No
 * permission check: the routes call `put`/`remove`, which check that the caller owns the submission
 * or is an admin first.
 *
 * Learners get a track through a signed URL (`/api/v1/videos/ID/captions/LANG.vtt?grant=…`, in
 * VideoDetail's `playback.captions`) carrying the same media grant as the video's HLS URL, so a
 * `<track>` element (which cannot send a bearer token) and a download for offline can fetch it: the
 * grant must be for this video's media and still allowed (session alive, access unchanged:
 * media/playlist-access.ts, as playlists are re-checked), and a preview grant gets the cues that
 * start before the preview, the last one ending there. The transcript (`GET /videos/ID/transcript`)
 * follows the same rules for the signed-in learner.
 */
import type { Kysely } from 'kysely'
import {
  CAPTION_LABELS,
  CAPTIONS_ERROR_CODES,
  ERROR_CODES,
  type CaptionLanguage,
  type CaptionLink,
  type CaptionTrackSaved,
  TRANSCRIPT_PAGE_MAX_CUES,
  type TranscriptCue,
} from '../../../contract/index.ts'
import { unpackTrackBody } from '../captions/packed-track.ts'
import type { PackedPreparedTrack, PrepareInput } from '../captions/prepare-off-thread.ts'
import type { TrackRow } from '../captions/write-off-thread.ts'
import { prepareTrack, type PreparedTrack } from '../captions/prepare-track.ts'
import { cuesToVtt, cutCuesAt } from '../captions/serialize-vtt.ts'
import type { Clock } from '../clock.ts'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'
import { ApiError, notFound } from '../errors.ts'
import { STUDIO_ERROR_CODES } from '../../../contract/index.ts'
import type { MediaGrants } from '../media/grants.ts'
import type { PlaylistAccess } from '../media/playlist-access.ts'
import type { CatalogueRepository } from '../repositories/catalogue.repository.ts'
import { createCaptionsRepository, type CaptionsRepository, type ReplaceResult } from '../repositories/captions.repository.ts'
import { createSubmissionsRepository, type SubmissionsRepository } from '../repositories/submissions.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { canWatch } from '../rules/access.ts'
import { requireContributor } from '../rules/contributor-roles.ts'
import { oneATurn, writeSlots } from './write-slots.ts'
import { tokensOf, type TrackWordsService } from './track-words.service.ts'
import type { ReadingsService } from './readings.service.ts'

export type CaptionsService = ReturnType<typeof createCaptionsService>

/** A saved track's answer and its ETag (the track's generation, issue 44). */
export type SavedTrack = CaptionTrackSaved & { etag: string }
/** A save's condition (issue 44): over the track of this ETag's generation, over any track (`If-Match: *`), or as a first track. */
export type SaveCondition = { ifMatch: number | '*' } | { ifNoneMatch: '*' }

export const etagOf = (generation: number) => `"${generation}"`

const refusedSave = (refused: 'changed_elsewhere' | 'track_exists') =>
  refused === 'track_exists'
    ? new ApiError(412, STUDIO_ERROR_CODES.trackExists, 'This submission has captions in this language already: open them to change them.')
    : new ApiError(412, STUDIO_ERROR_CODES.changedElsewhere, 'These captions were changed elsewhere since you opened them (another tab or device): choose which version to keep.')

/** The generation a condition expects, given the stored track's (undefined: none); `'none'` for a first track. */
function expected(condition: SaveCondition | undefined, current: number | undefined): number | 'none' | undefined {
  if (!condition) return undefined
  if ('ifNoneMatch' in condition) return 'none'
  if (condition.ifMatch !== '*') return condition.ifMatch
  if (current === undefined) throw refusedSave('changed_elsewhere')
  return current
}

/** The signed URL of a video's track: the grant is the one its HLS URL carries. */
export function captionUrl(videoId: number, language: CaptionLanguage, grant: string): string {
  return `/api/v1/videos/${videoId}/captions/${language}.vtt?grant=${grant}`
}

export function captionLinks(videoId: number, languages: readonly CaptionLanguage[], grant: string): CaptionLink[] {
  return languages.map((language) => ({ language, label: CAPTION_LABELS[language], url: captionUrl(videoId, language, grant) }))
}

/** A track is in the submission's own language or English (issue 46: a Cantonese video's are yue and en). */
function languageProblem(submissionLanguage: string, language: CaptionLanguage): string | null {
  return language === 'en' || language === submissionLanguage ? null : `A track of this submission is in ${submissionLanguage} or en, not ${language}.`
}

/** The submission when this user owns it or is an admin; someone else's is "not found", as in submissions.service.ts. */
async function ownedSubmission(submissions: SubmissionsRepository, user: UserRow, submissionId: number) {
  requireContributor(user)
  const row = await submissions.findById(submissionId)
  if (!row || (row.user_id !== user.id && user.is_admin !== 1)) throw notFound('No such submission.')
  return row
}

const noTrack = () => notFound('This video has no captions in this language.')
const invalid = (errors: string[]) => new ApiError(422, CAPTIONS_ERROR_CODES.invalidCaptions, `These captions cannot be used: ${errors[0]}`, { errors })

/** The file parsed, checked and segmented: off the main thread, but inside a caller's transaction (whose lexicon it reads). */
async function prepared(
  deps: {
    db: Kysely<Database>
    prepare?: (input: PrepareInput) => Promise<PreparedTrack | PackedPreparedTrack>
    trackWords?: Pick<TrackWordsService, 'segmenting' | 'lexiconFor'>
    writer?: { replacePacked?: unknown }
  },
  db: Kysely<Database>,
  submission: { language_code: string; duration_seconds: number | null },
  language: CaptionLanguage,
  bytes: Uint8Array,
): Promise<PreparedTrack | PackedPreparedTrack> {
  if (deps.prepare && db === deps.db) {
    const lexicon = await deps.trackWords?.lexiconFor(submission.language_code, language)
    // Packed when a writer thread takes the body as it is (SQLite): the main thread never holds its cues.
    // Not for PostgreSQL, whose rows are built here: held packed until the write's slot, one profiled run
    // showed more garbage-collection time (1,062 vs 672 ms) and longer pauses (up to 142 vs 107 ms).
    return deps.prepare({ bytes, videoSeconds: submission.duration_seconds, language, lexicon, pack: deps.writer?.replacePacked !== undefined })
  }
  const segmenting = await deps.trackWords?.segmenting(db, submission.language_code, language)
  return prepareTrack(bytes, submission.duration_seconds, language, segmenting)
}

export function createCaptionsService(deps: {
  db: Kysely<Database>
  search: TextSearch
  captions: CaptionsRepository
  submissions: SubmissionsRepository
  catalogue: CatalogueRepository
  grants: MediaGrants
  playlistAccess: PlaylistAccess
  previewSeconds: number
  clock: Clock
  /** The words of a track in the video's own language (issue 42); none when left out. */
  trackWords?: Pick<TrackWordsService, 'segmenting' | 'lexiconFor'>
  /** The readings of a transcript's lines in a language that has them (issue 46: Cantonese); none when left out. */
  readings?: Pick<ReadingsService, 'readerFor'>
  /** Writes and removes tracks: on the caption writer's thread under SQLite (captions/write-off-thread.ts); in-process when left out. */
  writer?: Pick<CaptionsRepository, 'replace' | 'remove'> & { replacePacked?: (row: TrackRow, body: ArrayBuffer) => Promise<ReplaceResult> }
  /**
   * Parses, checks and segments an uploaded file: on the caption preparer's threads in the server
   * (captions/prepare-off-thread.ts), in turn behind the files before it; in-process when left out.
   */
  prepare?: (input: PrepareInput) => Promise<PreparedTrack | PackedPreparedTrack>
}) {
  /**
   * One track written at a time in this process, prepared before it takes its turn: a track's write is
   * short batches with turns between them and one short switch (captions.repository.ts), and the
   * others wait here, not on a database connection, so every other request finds one free between them.
   */
  const oneWrite = writeSlots(1)
  /** Uploads sent together go on from their bodies one a turn of the event loop (write-slots.ts `oneATurn`). */
  const uploadTurn = oneATurn()

  async function save(
    submissionId: number,
    language: CaptionLanguage,
    vtt: string | Uint8Array,
    options: { db?: Kysely<Database>; condition?: SaveCondition } = {},
  ): Promise<SavedTrack> {
    const db = options.db ?? deps.db
    const submission = await createSubmissionsRepository(db).findById(submissionId)
    if (!submission) throw notFound('No such submission.')
    const wrongLanguage = languageProblem(submission.language_code, language)
    if (wrongLanguage) throw invalid([wrongLanguage])
    const bytes = typeof vtt === 'string' ? new TextEncoder().encode(vtt) : vtt
    // Segmented before the write, outside its slot: the lexicon version noted is the one its words were
    // made with; a lexicon changed meanwhile makes the track stale for the resegmenting job.
    const parsed = await prepared(deps, db, submission, language, bytes)
    if (!parsed.ok) throw invalid(parsed.errors)
    const write = async () => {
      const expect = expected(options.condition, (await createCaptionsRepository(db, deps.search).stored(submissionId, language))?.generation)
      const row: TrackRow = { submissionId, language, durationSeconds: parsed.durationSeconds, nowIso: new Date(deps.clock.now()).toISOString(), expect }
      // Packed only when prepared off-thread for the server's own writes (above): to a writer thread as it is.
      if ('packed' in parsed && db === deps.db && deps.writer?.replacePacked) return deps.writer.replacePacked(row, parsed.packed)
      const body = 'packed' in parsed ? unpackTrackBody(parsed.packed) : parsed
      // The server's own writes go to its writer (a thread under SQLite); a caller's transaction is written in.
      const writer = db === deps.db ? (deps.writer ?? deps.captions) : createCaptionsRepository(db, deps.search)
      return writer.replace({ ...row, vtt: body.vtt, cues: body.cues, words: body.words })
    }
    // Inside a caller's transaction the connection is held already: waiting for a slot would only hold it longer.
    const result = await (db === deps.db ? oneWrite(write) : write())
    if ('refused' in result) throw refusedSave(result.refused)
    const cues = 'packed' in parsed ? parsed.cueCount : parsed.cues.length
    return { language, cues, duration_seconds: parsed.durationSeconds, etag: etagOf(result.generation) }
  }

  const owned = (user: UserRow, submissionId: number) => ownedSubmission(deps.submissions, user, submissionId)

  /** The published video and the submission its tracks belong to. */
  async function publishedTrack(videoId: number) {
    const video = await deps.catalogue.findPublished(videoId)
    if (!video) throw notFound('No such video.')
    if (video.submission_id === null) throw notFound('This video has no captions in this language.')
    return { video, submissionId: video.submission_id }
  }

  return {
    save,

    /** PUT /submissions/ID/captions/LANG: the owner or an admin; 412 when the condition fails. */
    async put(user: UserRow, submissionId: number, language: CaptionLanguage, body: Uint8Array, condition?: SaveCondition): Promise<SavedTrack> {
      await uploadTurn()
      await owned(user, submissionId)
      return save(submissionId, language, body, { condition })
    },

    /** GET /submissions/ID/captions/LANG (the studio): the owner or an admin; the file as stored and its ETag. */
    async stored(user: UserRow, submissionId: number, language: CaptionLanguage): Promise<{ vtt: string; etag: string }> {
      await owned(user, submissionId)
      const track = await deps.captions.stored(submissionId, language)
      if (!track) throw notFound('This submission has no captions in this language yet.')
      return { vtt: track.vtt, etag: etagOf(track.generation) }
    },

    /** DELETE /submissions/ID/captions/LANG: the owner or an admin; no track is no error (the call is safe to repeat). */
    async remove(user: UserRow, submissionId: number, language: CaptionLanguage): Promise<void> {
      await owned(user, submissionId)
      await oneWrite(() => (deps.writer ?? deps.captions).remove(submissionId, language))
    },

    /**
     * The track file for a signed URL. Refused (403) when the grant is forged, expired, for other
     * media, or no longer allowed; cut at the preview for a preview grant.
     */
    async trackFile(videoId: number, language: CaptionLanguage, grantText: string): Promise<{ vtt: string; expiresAt: number }> {
      const grant = deps.grants.verify(grantText)
      const refused = () => new ApiError(403, ERROR_CODES.forbidden, 'This captions link has expired or is not valid: open the video again.')
      if (!grant) throw refused()
      const { video, submissionId } = await publishedTrack(videoId)
      if (video.media_key !== grant.mediaKey || !(await deps.playlistAccess.allows(grant))) throw refused()
      if (grant.previewSeconds !== null) {
        const cues = await deps.captions.cues(submissionId, language, grant.previewSeconds)
        if (cues.length === 0 && (await deps.captions.vtt(submissionId, language)) === undefined) throw noTrack()
        const plain = cues.map(({ start, end, text }) => ({ start, end, text }))
        return { vtt: cuesToVtt(cutCuesAt(plain, grant.previewSeconds)), expiresAt: grant.expiresAt }
      }
      const vtt = await deps.captions.vtt(submissionId, language)
      if (vtt === undefined) throw noTrack()
      return { vtt, expiresAt: grant.expiresAt }
    },

    /** GET /videos/ID/transcript: for those who may watch the video; a preview's transcript is cut there. */
    async transcript(
      user: UserRow,
      videoId: number,
      language: CaptionLanguage,
      page: { cursor: number; limit: number } = { cursor: 0, limit: TRANSCRIPT_PAGE_MAX_CUES },
    ): Promise<{ cues: TranscriptCue[]; nextCursor: string | null }> {
      const { video, submissionId } = await publishedTrack(videoId)
      const access = canWatch(video, user)
      if (access === 'none') throw new ApiError(403, ERROR_CODES.premiumRequired, 'This video is for premium members.')
      const before = access === 'preview' ? deps.previewSeconds : undefined
      // One cue more than the page: whether a next page exists, without counting.
      const read = await deps.captions.cues(submissionId, language, before, { offset: page.cursor, limit: page.limit + 1 })
      if (read.length === 0 && page.cursor === 0 && (await deps.captions.vtt(submissionId, language)) === undefined) throw noTrack()
      // Readings (Jyutping) for the lines in the video's own language, where it has a reading system.
      const reader = language === video.language_code ? await deps.readings?.readerFor(language) : undefined
      const cues = read.slice(0, page.limit).map(({ tokens, ...cue }): TranscriptCue => {
        const words = tokensOf(tokens)
        const withWords = words ? { ...cue, tokens: words } : cue
        return reader ? { ...withWords, readings: reader(cue.text, words ?? []) } : withWords
      })
      return {
        cues: before === undefined ? cues : cutCuesAt(cues, before),
        nextCursor: read.length > page.limit ? String(page.cursor + page.limit) : null,
      }
    },
  }
}
