/**
 * The words of caption tracks (migration 0030): each cue's tokens (JSON on caption_cues) and each
 * track's word counts (track_words), the whole track's and the part a preview shows, and the sums the
 * catalogue reads against a learner's word states (kept by 0080's triggers; fresh-track-word-sums.ts makes them anew).
 */
import { sql, type Kysely } from 'kysely'
import type { CaptionLanguage } from '../../../contract/index.ts'
import type { Database } from '../db/schema.ts'

export interface TrackWordCount {
  key: string
  count: number
  preview_count: number
}

/** A track's words against one learner's states: the whole track (`*`) and a preview's part (`preview_*`). */
export interface TrackWordSums {
  submission_id: number
  total: number
  distinct_keys: number
  known: number
  new_distinct: number
  preview_total: number
  preview_distinct: number
  preview_known: number
  preview_new_distinct: number
}

/**
 * A track's kept sums as the catalogue's list reads them beside each video (its LEFT JOINs of
 * track_word_totals and learner_track_words, catalogue.repository.ts): null where the video has no
 * track with words (kept_total), or where the learner has no state for any of its words (the rest).
 */
export interface KeptSumColumns {
  kept_total: number | null
  kept_distinct: number | null
  kept_preview_total: number | null
  kept_preview_distinct: number | null
  kept_known: number | null
  kept_not_new: number | null
  kept_preview_known: number | null
  kept_preview_not_new: number | null
}

/**
 * The sums of one kept row pair; undefined for a video with no track of words (its summary is then
 * all zeros), or a row the list read without them.
 */
export function keptSumsOf(submissionId: number, row: Partial<KeptSumColumns>): TrackWordSums | undefined {
  if (row.kept_total == null || row.kept_distinct == null) return undefined
  return {
    submission_id: submissionId,
    total: row.kept_total,
    distinct_keys: row.kept_distinct,
    known: row.kept_known ?? 0,
    new_distinct: row.kept_distinct - (row.kept_not_new ?? 0),
    preview_total: row.kept_preview_total ?? 0,
    preview_distinct: row.kept_preview_distinct ?? 0,
    preview_known: row.kept_preview_known ?? 0,
    preview_new_distinct: (row.kept_preview_distinct ?? 0) - (row.kept_preview_not_new ?? 0),
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
const ROWS_PER_STATEMENT = 200


/** `db` may be a transaction (the caption save's, the re-segmenting job's). */
export function createTrackWordsRepository(db: Kysely<Database>) {
  return {
    /** Replaces a track's counts and notes the lexicon version and preview length they were made with. */
    async replaceCounts(submissionId: number, language: CaptionLanguage, counts: readonly TrackWordCount[], lexiconVersion: number, previewSeconds: number): Promise<void> {
      await db.deleteFrom('track_words').where('submission_id', '=', submissionId).where('language', '=', language).execute()
      for (let i = 0; i < counts.length; i += ROWS_PER_STATEMENT) {
        const rows = counts.slice(i, i + ROWS_PER_STATEMENT).map((count) => ({ submission_id: submissionId, language, ...count }))
        await db.insertInto('track_words').values(rows).execute()
      }
      await db
        .updateTable('caption_tracks')
        .set({ lexicon_version: lexiconVersion, preview_seconds: previewSeconds })
        .where('submission_id', '=', submissionId)
        .where('language', '=', language)
        .execute()
    },

    /** A track with no words of its own (not the video's language): no counts, never segmented. */
    async clear(submissionId: number, language: CaptionLanguage): Promise<void> {
      await db.deleteFrom('track_words').where('submission_id', '=', submissionId).where('language', '=', language).execute()
      await db
        .updateTable('caption_tracks')
        .set({ lexicon_version: null, preview_seconds: null })
        .where('submission_id', '=', submissionId)
        .where('language', '=', language)
        .execute()
    },

    /** Sets cues' tokens, a statement each, with a turn of the event loop every few hundred. */
    async setCueTokens(rows: ReadonlyArray<{ id: number; tokens: string }>): Promise<void> {
      for (let i = 0; i < rows.length; i++) {
        if (i > 0 && i % ROWS_PER_STATEMENT === 0) await nextTurn()
        await db.updateTable('caption_cues').set({ tokens: rows[i]!.tokens }).where('id', '=', rows[i]!.id).execute()
      }
    },

    cuesOf(submissionId: number, language: CaptionLanguage): Promise<Array<{ id: number; start_seconds: number; text: string }>> {
      return db
        .selectFrom('caption_cues as cc')
        // Only the cues of their track's current generation (0070: a track is written beside the old one).
        .innerJoin('caption_tracks as ct', (join) =>
          join.onRef('ct.submission_id', '=', 'cc.submission_id').onRef('ct.language', '=', 'cc.language').onRef('ct.generation', '=', 'cc.generation'),
        )
        .select(['cc.id', 'cc.start_seconds', 'cc.text'])
        .where('cc.submission_id', '=', submissionId)
        .where('cc.language', '=', language)
        .orderBy('cc.start_seconds')
        .orderBy('cc.id')
        .execute()
    },

    /**
     * Tracks in a language's own tongue (the submission's language) not segmented against this version
     * of its lexicon, or counted for another preview length.
     */
    staleTracks(languageCode: string, lexiconVersion: number, previewSeconds: number): Promise<Array<{ submission_id: number; language: CaptionLanguage }>> {
      return db
        .selectFrom('caption_tracks as ct')
        .innerJoin('submissions as s', 's.id', 'ct.submission_id')
        .select(['ct.submission_id', 'ct.language'])
        .where('s.language_code', '=', languageCode)
        .whereRef('ct.language', '=', 's.language_code')
        .where((eb) => eb.or([eb('ct.lexicon_version', 'is', null), eb('ct.lexicon_version', '<>', lexiconVersion), eb('ct.preview_seconds', 'is', null), eb('ct.preview_seconds', '<>', previewSeconds)]))
        .orderBy('ct.submission_id')
        .execute()
    },

    /** A track's counts, most frequent first. */
    countsOf(submissionId: number, language: string): Promise<TrackWordCount[]> {
      return db
        .selectFrom('track_words')
        .select(['key', 'count', 'preview_count'])
        .where('submission_id', '=', submissionId)
        .where('language', '=', language)
        .orderBy('count', 'desc')
        .orderBy('key')
        .execute()
    },

    /**
     * Each track's sums against the learner's states, one row a track: read from the sums the triggers of
     * 0080 keep (track_word_totals, learner_track_words; a track with no row of hers is all new to her).
     */
    async sums(userId: number, tracks: ReadonlyArray<{ submissionId: number; language: string }>): Promise<TrackWordSums[]> {
      const byLanguage = new Map<string, number[]>()
      for (const track of tracks) byLanguage.set(track.language, [...(byLanguage.get(track.language) ?? []), track.submissionId])
      const rows = []
      for (const [language, submissionIds] of byLanguage) {
        rows.push(
          ...(await db
            .selectFrom('track_word_totals as t')
            .leftJoin('learner_track_words as l', (join) => join.on('l.user_id', '=', userId).onRef('l.submission_id', '=', 't.submission_id').onRef('l.language', '=', 't.language'))
            .select([
              't.submission_id',
              't.total as kept_total',
              't.distinct_keys as kept_distinct',
              't.preview_total as kept_preview_total',
              't.preview_distinct as kept_preview_distinct',
              'l.known as kept_known',
              'l.not_new as kept_not_new',
              'l.preview_known as kept_preview_known',
              'l.preview_not_new as kept_preview_not_new',
            ])
            .where('t.submission_id', 'in', [...new Set(submissionIds)])
            .where('t.language', '=', language)
            // A track whose words were all removed keeps its row at zeros until the track goes.
            .where('t.distinct_keys', '>', 0)
            .execute()),
        )
      }
      return rows.map((row) => keptSumsOf(Number(row.submission_id), row)!)
    },

    /**
     * The words of the transcripts a learner may read in a language, most frequent first: published
     * videos' tracks of the language's own tongue, whole where they may watch it all, a preview's part
     * where they may watch a preview, none of a premium video they may not watch (rules/access.ts in SQL).
     */
    async common(languageCode: string, entitled: boolean, limit: number, offset: number): Promise<Array<{ key: string; count: number }>> {
      const counted = entitled ? sql<number>`sum(tw.count)` : sql<number>`sum(case when v.access_level = 'preview' then tw.preview_count else tw.count end)`
      let query = db
        .selectFrom('track_words as tw')
        .innerJoin('videos as v', 'v.submission_id', 'tw.submission_id')
        .select(['tw.key', counted.as('count')])
        .where('v.language_code', '=', languageCode)
        .where('v.published_at', 'is not', null)
        .whereRef('tw.language', '=', 'v.language_code')
      if (!entitled) query = query.where('v.access_level', 'in', ['free', 'preview'])
      const rows = await query.groupBy('tw.key').having(counted, '>', 0).orderBy('count', 'desc').orderBy('tw.key').limit(limit).offset(offset).execute()
      return rows.map((row) => ({ key: row.key, count: Number(row.count) }))
    },
  }
}
