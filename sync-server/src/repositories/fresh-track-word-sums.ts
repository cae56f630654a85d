/**
 * A learner's sums of tracks' words made afresh: every word of each track against her states, one
 * grouped query per language (7,000 rows for a page of 50). The list read these on every request before
 * 0080; now it reads the sums 0080's triggers keep, and these are what the kept ones must always equal
 * (kept-word-sums.test.ts compares them after random changes).
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { TrackWordSums } from './track-words.repository.ts'

export async function freshTrackWordSums(db: Kysely<Database>, userId: number, tracks: ReadonlyArray<{ submissionId: number; language: string }>): Promise<TrackWordSums[]> {
  const byLanguage = new Map<string, number[]>()
  for (const track of tracks) byLanguage.set(track.language, [...(byLanguage.get(track.language) ?? []), track.submissionId])
  const rows = []
  for (const [language, submissionIds] of byLanguage) {
    rows.push(
      ...(await db
        .selectFrom('track_words as tw')
        .leftJoin('word_states as ws', (join) => join.on('ws.user_id', '=', userId).on('ws.language_code', '=', language).onRef('ws.key', '=', 'tw.key'))
        .select([
          'tw.submission_id',
          sql<number>`sum(tw.count)`.as('total'),
          sql<number>`count(*)`.as('distinct_keys'),
          sql<number>`sum(case when ws.state in ('known', 'ignored') then tw.count else 0 end)`.as('known'),
          sql<number>`sum(case when ws.state is null or ws.state = 'new' then 1 else 0 end)`.as('new_distinct'),
          sql<number>`sum(tw.preview_count)`.as('preview_total'),
          sql<number>`sum(case when tw.preview_count > 0 then 1 else 0 end)`.as('preview_distinct'),
          sql<number>`sum(case when ws.state in ('known', 'ignored') then tw.preview_count else 0 end)`.as('preview_known'),
          sql<number>`sum(case when tw.preview_count > 0 and (ws.state is null or ws.state = 'new') then 1 else 0 end)`.as('preview_new_distinct'),
        ])
        .where('tw.submission_id', 'in', [...new Set(submissionIds)])
        .where('tw.language', '=', language)
        .groupBy('tw.submission_id')
        .execute()),
    )
  }
  // PostgreSQL answers sums as text (bigint, numeric).
  return rows.map((row) => ({
    submission_id: Number(row.submission_id),
    total: Number(row.total),
    distinct_keys: Number(row.distinct_keys),
    known: Number(row.known),
    new_distinct: Number(row.new_distinct),
    preview_total: Number(row.preview_total),
    preview_distinct: Number(row.preview_distinct),
    preview_known: Number(row.preview_known),
    preview_new_distinct: Number(row.preview_new_distinct),
  }))
}
