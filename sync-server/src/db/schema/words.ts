/** The word tools' tables (0030): the lexicon, submissions' glossaries, tracks' word counts, learners' word states. */
import type { Generated } from 'kysely'

/** 0030: one entry of a language's lexicon, by key; glosses a JSON array of strings. */
export interface LexiconEntriesTable {
  id: Generated<number>
  language_code: string
  key: string
  headword: string
  glosses: string
  reading: string | null
  note: string | null
  source: 'demo' | 'submission' | 'admin'
  submission_id: number | null
  created_at: string
  updated_at: string
}

/** 0030: a submission's glossary, joining the lexicon when it is published. */
export interface SubmissionGlossaryTable {
  submission_id: number
  key: string
  headword: string
  glosses: string
  reading: string | null
  note: string | null
}

/** 0030: a track's word counts (the whole track, and the part a preview shows). */
export interface TrackWordsTable {
  submission_id: number
  language: string
  key: string
  count: number
  preview_count: number
}

/** 0080: a track's own sums of its words, kept by triggers on track_words. */
export interface TrackWordTotalsTable {
  submission_id: number
  language: string
  total: number
  distinct_keys: number
  preview_total: number
  preview_distinct: number
}

/** 0080: a learner's sums of a track's words against her states, kept by triggers on track_words and word_states. */
export interface LearnerTrackWordsTable {
  user_id: number
  submission_id: number
  language: string
  known: number
  not_new: number
  preview_known: number
  preview_not_new: number
}

/** 0030: a learner's latest state of a word (latest occurred_ms, ties the larger client_id). */
export interface WordStatesTable {
  user_id: number
  language_code: string
  key: string
  state: 'new' | 'learning' | 'known' | 'ignored'
  client_id: string
  occurred_at: string
  occurred_ms: number
  received_at: string
}

export interface WordStateReceiptsTable {
  user_id: number
  client_id: string
}
