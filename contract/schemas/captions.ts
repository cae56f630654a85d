/**
 * Captions, transcripts and dialects (issue 19): the WebVTT tracks contributors attach to a
 * submission, the transcript learners read, and how a video's Vietnamese is spoken.
 */
import { z } from 'zod'
import { countSchema } from './common.ts'
import { DIALECTS, CAPTION_LANGUAGES, type CaptionLanguage } from '../vocabulary.ts'
export { DIALECTS, CAPTION_LANGUAGES, type Dialect, type CaptionLanguage } from '../vocabulary.ts'



export { CAPTIONS_CONTENT_TYPE, CAPTIONS_MAX_BYTES } from '../limits.ts'
/**
 * The most cues a track may have (issue 29): a feature film's dialogue is 1,500–2,000 cues; a file of
 * thousands of one-millisecond cues is refused (422 invalid_captions) before it is parsed.
 */
export const CAPTIONS_MAX_CUES = 4000
/** The most cues one page of GET /videos/ID/transcript holds (its `limit` and default). */
export const TRANSCRIPT_PAGE_MAX_CUES = 1000
/** A cue may end this much past the video's length (rounding of the probed duration) and still fit. */
export const CAPTIONS_END_TOLERANCE_SECONDS = 0.5

export const CAPTIONS_ERROR_CODES = {
  /** 422: not WebVTT, not UTF-8, a timing that cannot be read, a cue outside the video; `errors` name the lines. */
  invalidCaptions: 'invalid_captions',
} as const

/** A dialect, or null to clear it; as JSON fields and multipart text (empty means null). */
export const dialectSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  z.enum(DIALECTS, { error: 'dialect is northern, central, southern or mixed.' }).nullable(),
)

export const captionLanguageSchema = z.enum(CAPTION_LANGUAGES, { error: 'The caption language is vi, yue or en.' })

/** The answer to PUT /submissions/ID/captions/LANG. */
export const captionTrackSavedSchema = z.strictObject({
  language: z.enum(CAPTION_LANGUAGES),
  cues: countSchema,
  /** The end of the last cue, in seconds. */
  duration_seconds: z.number().min(0),
})
export type CaptionTrackSaved = z.infer<typeof captionTrackSavedSchema>

/**
 * One line of GET /videos/ID/transcript (seconds; plain text, tags removed). A cue of the track in the
 * video's own language also has its words (contract/segment.ts): UTF-16 offsets into `text` and keys.
 */
export const transcriptCueSchema = z.strictObject({
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
  tokens: z.array(z.strictObject({ from: countSchema, to: countSchema, key: z.string() })).optional(),
  /**
   * A Cantonese cue's readings (issue 46, contract/readings.ts): each Han character's Jyutping with its
   * tone number, UTF-16 offsets into `text` as tokens' are; a lexicon entry's corrected `reading` wins
   * for its word. Only for a language with a reading system (yue).
   */
  readings: z.array(z.strictObject({ from: countSchema, to: countSchema, reading: z.string() })).optional(),
})
export type TranscriptCue = z.infer<typeof transcriptCueSchema>

/** A video's caption track for the player: a signed URL under the video's grant. */
export const captionLinkSchema = z.strictObject({
  language: z.enum(CAPTION_LANGUAGES),
  /** The track's name in its own language ("Tiếng Việt", "English"). */
  label: z.string(),
  url: z.string(),
})
export type CaptionLink = z.infer<typeof captionLinkSchema>

/** Labels of the tracks, each in its own language (what a track menu shows). */
export const CAPTION_LABELS: Record<CaptionLanguage, string> = { vi: 'Tiếng Việt', yue: '粵語', en: 'English' }

/** Where a search found a video in its transcript: the first matching line the viewer may read. */
export const transcriptMatchSchema = z.strictObject({ start: z.number().min(0), text: z.string() })
export type TranscriptMatch = z.infer<typeof transcriptMatchSchema>

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

/**
 * GET /videos/ID/transcript's query: the language, and a page of cues (issue 29: a track's full
 * transcript was one answer of up to a megabyte): `limit` cues (1..TRANSCRIPT_PAGE_MAX_CUES, that by
 * default) from `cursor`, the `next_cursor` of the page before (the index of the next cue).
 */
export const transcriptQuerySchema = z.object({
  lang: z.preprocess((value) => (value === '' || value === undefined ? 'vi' : value), captionLanguageSchema),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,6}$/, { error: 'The cursor is not valid.' })
      .transform(Number)
      .default(0),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `limit is a whole number from 1 to ${TRANSCRIPT_PAGE_MAX_CUES}.` })
      .int({ error: `limit is a whole number from 1 to ${TRANSCRIPT_PAGE_MAX_CUES}.` })
      .min(1, { error: `limit is a whole number from 1 to ${TRANSCRIPT_PAGE_MAX_CUES}.` })
      .max(TRANSCRIPT_PAGE_MAX_CUES, { error: `limit is a whole number from 1 to ${TRANSCRIPT_PAGE_MAX_CUES}.` })
      .default(TRANSCRIPT_PAGE_MAX_CUES),
  ),
})
