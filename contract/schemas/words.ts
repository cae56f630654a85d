/**
 * Words (issue 42, api-contract "Words"): the lexicon of a language, a transcript's tokens, a video's
 * word counts, a learner's word states, the common words of a placement, and a submission's glossary.
 * Keys are contract/segment.ts's `wordKey` of the word's text.
 */
import { z } from 'zod'
import {
  GLOSS_MAX_CHARS,
  GLOSSARY_MAX_ENTRIES,
  GLOSSES_MAX,
  LEXICON_NOTE_MAX_CHARS,
  WORD_MAX_CHARS,
  WORD_STATE_REJECTIONS,
  WORD_STATES,
  WORD_STATES_MAX_BATCH,
} from '../vocabulary.ts'
import { countSchema, dataOf, idSchema, isoDateTimeSchema, pageOf, queryWholeNumber, uuidSchema } from './common.ts'
export {
  WORD_STATES,
  WORD_STATES_MAX_BATCH,
  WORD_STATE_REJECTIONS,
  LEXICON_LANGUAGES,
  WORD_MAX_CHARS,
  WORDS_COMPREHENSIBLE_MIN,
  WORDS_COMPREHENSIBLE_MAX,
  WORDS_COMPREHENSIBLE_TARGET,
  GLOSSARY_MAX_ENTRIES,
  GLOSSES_MAX,
  GLOSS_MAX_CHARS,
  LEXICON_NOTE_MAX_CHARS,
  type WordState,
  type WordStateRejection,
} from '../vocabulary.ts'

export const WORDS_ERROR_CODES = {
  /** 422: an entry of a glossary cannot be used; `errors` name it. */
  invalidGlossary: 'invalid_glossary',
} as const

/** One entry as the lexicon answers it; `reading` and `note` only where set. */
export const lexiconEntrySchema = z.strictObject({
  headword: z.string(),
  glosses: z.array(z.string()),
  reading: z.string().optional(),
  note: z.string().optional(),
})
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>

/** GET /languages/CODE/lexicon: every entry, with the version its ETag names. */
export const lexiconSchema = dataOf(z.strictObject({ version: countSchema, entries: z.array(lexiconEntrySchema) }))
export type Lexicon = z.infer<typeof lexiconSchema>['data']

/** A word of a cue: UTF-16 offsets into its text, and its key. */
export const wordTokenSchema = z.strictObject({ from: countSchema, to: countSchema, key: z.string() })

/** GET /videos/ID/words: the video's word counts, [key, count], most frequent first. */
export const videoWordsSchema = dataOf(z.strictObject({ counts: z.array(z.tuple([z.string(), z.number().int().positive()])) }))
export type VideoWords = z.infer<typeof videoWordsSchema>['data']

/** VideoSummary.words: the transcript's size and how much of it this learner knows. */
export const videoWordsSummarySchema = z.strictObject({
  /** Word tokens of the transcript (a preview: of the part before its cut). */
  total: countSchema,
  distinct: countSchema,
  /** The share of tokens whose key is known or ignored; null without a transcript the learner may read. */
  known_share: z.number().min(0).max(1).nullable(),
  /** Distinct keys that are neither known, ignored nor learning. */
  new_distinct: countSchema,
})
export type VideoWordsSummary = z.infer<typeof videoWordsSummarySchema>

const keySchema = z.string().trim().min(1, { error: 'key is empty.' }).max(WORD_MAX_CHARS, { error: `key is at most ${WORD_MAX_CHARS} characters.` })

/** One state of POST /word_states, checked alone (a bad one is rejected, the rest land). */
export const wordStateSchema = z.object({
  client_id: uuidSchema,
  language: z.string().min(1).max(20),
  key: keySchema,
  state: z.enum(WORD_STATES, { error: 'state is new, learning, known or ignored.' }),
  occurred_at: z.iso.datetime({ offset: true }),
})
export type WordStateInput = z.input<typeof wordStateSchema>

export const wordStatesBodySchema = z.object({
  states: z
    .array(z.unknown(), { error: 'states must be a list.' })
    .min(1, { error: 'Send at least one word state.' })
    .max(WORD_STATES_MAX_BATCH, { error: `Send at most ${WORD_STATES_MAX_BATCH} word states at once.` }),
})

export const wordStatesResultSchema = dataOf(
  z.strictObject({
    accepted: z.array(z.string()),
    duplicate: z.array(z.string()),
    rejected: z.array(z.strictObject({ client_id: z.string().nullable(), error: z.enum(WORD_STATE_REJECTIONS), message: z.string() })),
  }),
)
export type WordStatesResult = z.infer<typeof wordStatesResultSchema>

const languageQuery = z.preprocess((value) => (value === '' ? undefined : value), z.string({ error: 'language is required.' }).min(1).max(20))

/** GET /me/word_states?language=CODE */
export const myWordStatesQuerySchema = z.object({ language: languageQuery })
export const myWordStatesSchema = dataOf(
  z.array(z.strictObject({ key: z.string(), state: z.enum(['learning', 'known', 'ignored']), updated_at: isoDateTimeSchema })),
)
export type MyWordStates = z.infer<typeof myWordStatesSchema>['data']

/** GET /languages/CODE/common_words?limit=&offset= */
export const COMMON_WORDS_DEFAULT_LIMIT = 25
export const COMMON_WORDS_MAX_LIMIT = 200
export const commonWordsQuerySchema = z.object({
  limit: queryWholeNumber('limit', 1, COMMON_WORDS_MAX_LIMIT, COMMON_WORDS_DEFAULT_LIMIT),
  offset: queryWholeNumber('offset', 0, 100_000, 0),
})
export const commonWordsSchema = dataOf(z.array(z.strictObject({ key: z.string(), headword: z.string(), glosses: z.array(z.string()), count: z.number().int().positive() })))
export type CommonWords = z.infer<typeof commonWordsSchema>['data']

const glossSchema = z.string().trim().min(1, { error: 'A gloss is empty.' }).max(GLOSS_MAX_CHARS, { error: `A gloss is at most ${GLOSS_MAX_CHARS} characters.` })
const optionalText = (max: number, name: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(max, { error: `${name} is at most ${max} characters.` }).nullable().optional())

/** One entry a contributor or an admin writes. */
export const glossaryEntrySchema = z.object({
  headword: z.string().trim().min(1, { error: 'headword is empty.' }).max(WORD_MAX_CHARS, { error: `headword is at most ${WORD_MAX_CHARS} characters.` }),
  glosses: z
    .array(glossSchema, { error: 'glosses must be a list.' })
    .min(1, { error: 'Give at least one gloss.' })
    .max(GLOSSES_MAX, { error: `Give at most ${GLOSSES_MAX} glosses.` }),
  reading: optionalText(WORD_MAX_CHARS * 2, 'reading'),
  note: optionalText(LEXICON_NOTE_MAX_CHARS, 'note'),
})
export type GlossaryEntryInput = z.input<typeof glossaryEntrySchema>
export type GlossaryEntry = z.output<typeof glossaryEntrySchema>

/** PUT /submissions/ID/glossary: entries are checked one by one so a 422 can name each bad one. */
export const glossaryBodySchema = z.object({
  entries: z
    .array(z.unknown(), { error: 'entries must be a list.' })
    .max(GLOSSARY_MAX_ENTRIES, { error: `A glossary has at most ${GLOSSARY_MAX_ENTRIES} entries.` }),
})
export const glossarySchema = dataOf(z.strictObject({ entries: z.array(lexiconEntrySchema) }))

/** GET /submissions/ID/glossary/suggestions */
export const glossarySuggestionsSchema = dataOf(
  z.array(z.strictObject({ key: z.string(), count: z.number().int().positive(), first_cue: z.strictObject({ start: z.number().min(0), text: z.string() }) })),
)
export type GlossarySuggestions = z.infer<typeof glossarySuggestionsSchema>['data']

/** The admin's view of an entry (GET/PATCH /admin/lexicon). */
export const adminLexiconEntrySchema = z.strictObject({
  id: idSchema,
  language_code: z.string(),
  key: z.string(),
  headword: z.string(),
  glosses: z.array(z.string()),
  reading: z.string().nullable(),
  note: z.string().nullable(),
  source: z.enum(['demo', 'submission', 'admin']),
  updated_at: isoDateTimeSchema,
})
export type AdminLexiconEntry = z.infer<typeof adminLexiconEntrySchema>
export const adminLexiconPageSchema = pageOf(adminLexiconEntrySchema)
export const adminLexiconQuerySchema = z.object({
  language: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(20).default('vi')),
  q: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(WORD_MAX_CHARS).optional()),
  cursor: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(200).optional()),
  limit: queryWholeNumber('limit', 1, 200, 50),
})
/** PATCH /admin/lexicon/ENTRY: the glosses, reading and note (the headword names the entry, so stays). */
export const patchLexiconEntryBodySchema = z.object({
  entry: z.object({
    glosses: glossaryEntrySchema.shape.glosses.optional(),
    reading: glossaryEntrySchema.shape.reading,
    note: glossaryEntrySchema.shape.note,
  }),
})
