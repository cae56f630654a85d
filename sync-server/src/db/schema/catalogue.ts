/** The catalogue: languages, series, videos and their caption tracks and cues. The whole database: db/schema.ts. */
import type { Generated } from 'kysely'
import type { Level, DialectColumn, TrackLanguage } from './columns.ts'

/** 0002 */
export interface LanguagesTable {
  code: string
  name: string
  native_name: string
  position: Generated<number>
  /** 0030: counts every change of the language's lexicon (its ETag; tracks segmented before are done again). */
  lexicon_version: Generated<number>
}

/** 0002, with the publishing columns of 0004. */
export interface VideosTable {
  id: Generated<number>
  language_code: string
  title: string
  description: Generated<string>
  proficiency_level: Level
  access_level: Generated<'free' | 'premium' | 'preview'>
  duration_seconds: Generated<number>
  published_at: string | null
  created_at: string
  series_id: number | null
  episode_number: number | null
  media_key: string | null
  thumbnail_file: string | null
  youtube_thumbnail_file: string | null
  youtube_id: string | null
  youtube_title: string | null
  youtube_description: string | null
  submission_id: number | null
  /** 0014 */
  dialect: Generated<DialectColumn>
  /** 0015: the count and evidence sum of its ratings, and the difficulty they give it (services/ratings.service.ts). */
  rating_count: Generated<number>
  rating_evidence_sum: Generated<number>
  /** 1..100, null below 5 ratings. */
  difficulty: Generated<number | null>
  /** difficulty, or 101 when it has none: the sort key, unscored last on both engines. */
  difficulty_rank: Generated<number>
}

/** 0004 */
export interface SeriesTable {
  id: Generated<number>
  language_code: string
  name: string
  description: Generated<string>
  created_at: string
}

/** 0014: a submission's WebVTT track in one language, as stored (NFC). */
export interface CaptionTracksTable {
  submission_id: number
  language: TrackLanguage
  vtt: string
  cue_count: number
  /** The end of the last cue. */
  duration_seconds: number
  updated_at: string
  /** 0030: the lexicon version its cues' tokens were made against (null: not segmented, another language's track). */
  lexicon_version: number | null
  /** 0030: the preview length its words' preview_count was counted with. */
  preview_seconds: number | null
  /** 0070: the generation of its cues that counts (captions.repository.ts: a track is written beside the old one, then switched). */
  generation: Generated<number>
}

/** 0014: a track's cues as plain text, for transcripts, the preview cut and transcript search. */
export interface CaptionCuesTable {
  id: Generated<number>
  submission_id: number
  language: TrackLanguage
  start_seconds: number
  end_seconds: number
  text: string
  /** 0030: the cue's words, JSON [[from, to, key], ...] (the track of the video's own language only). */
  tokens: string | null
  /** 0070: the write it belongs to: it counts while this is its track's generation. */
  generation: Generated<number>
}
