/**
 * Caption tracks and their cues (migration 0014), kept per submission: a published video finds its
 * tracks through `videos.submission_id`. A track is replaced whole (its cues deleted and written
 * again) in the caller's transaction or one of its own.
 */
import type { Kysely } from 'kysely'
import type { CaptionLanguage } from '../../../contract/index.ts'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'
import { createTrackWordsRepository, type TrackWordCount } from './track-words.repository.ts'

export interface CaptionTrackInfo {
  submission_id: number
  language: CaptionLanguage
  cue_count: number
  duration_seconds: number
}

export interface CueRow {
  start: number
  end: number
  text: string
  /** The cue's words (JSON), for the track of the video's own language (0030). */
  tokens?: string | null
}

export interface NewCaptionTrack {
  submissionId: number
  language: CaptionLanguage
  vtt: string
  cues: readonly CueRow[]
  durationSeconds: number
  nowIso: string
  /** The track's words when it is in the video's own language: each cue's tokens, in order, and the counts. */
  words?: { tokens: readonly string[]; counts: readonly TrackWordCount[]; lexiconVersion: number; previewSeconds: number }
}

/**
 * The new cues go in statements of power-of-two sizes (4000 = 2048 + 1024 + 512 + …): a few statements,
 * none waiting on the event loop, and few distinct SQL texts. SQLite's handle keeps every statement
 * it prepared, by text (db/dialect/sqlite.ts): one statement of exactly the track's length would keep
 * a large statement for every cue count ever uploaded.
 */
const LARGEST_STATEMENT_CUES = 2048

function* powerOfTwoSlices<T>(items: readonly T[]): Generator<readonly T[]> {
  let at = 0
  for (let size = LARGEST_STATEMENT_CUES; size >= 1; size >>= 1) {
    while (items.length - at >= size) {
      yield items.slice(at, at + size)
      at += size
    }
  }
}

export type CaptionsRepository = ReturnType<typeof createCaptionsRepository>

export function createCaptionsRepository(db: Kysely<Database>, search: TextSearch) {
  /** Deletes a track's cues (each also leaves the search index). */
  const deleteCues = async (trx: Kysely<Database>, submissionId: number, language: CaptionLanguage) => {
    await trx.deleteFrom('caption_cues').where('submission_id', '=', submissionId).where('language', '=', language).execute()
  }

  return {
    /**
     * Writes the track and its cues in place of any earlier one of that language: the old cues go in
     * one statement and the new in a few multi-row ones with no wait between (powerOfTwoSlices), so
     * the transaction is as short as the database makes it. It was written 100 cues a statement with
     * a turn of the event loop between: the turns
     * spared the event loop, but the transaction held its connection (SQLite's only one) across all
     * of them, and every other request waited behind it (issue 45). The caller bounds how many run
     * at once (captions.service.ts).
     */
    async replace(track: NewCaptionTrack): Promise<void> {
      const write = async (trx: Kysely<Database>) => {
        await deleteCues(trx, track.submissionId, track.language)
        const values = { vtt: track.vtt, cue_count: track.cues.length, duration_seconds: track.durationSeconds, updated_at: track.nowIso }
        await trx
          .insertInto('caption_tracks')
          .values({ submission_id: track.submissionId, language: track.language, ...values })
          .onConflict((conflict) => conflict.columns(['submission_id', 'language']).doUpdateSet(values))
          .execute()
        const rows = track.cues.map((cue, k) => ({
          submission_id: track.submissionId,
          language: track.language,
          start_seconds: cue.start,
          end_seconds: cue.end,
          text: cue.text,
          tokens: track.words?.tokens[k] ?? null,
        }))
        for (const slice of powerOfTwoSlices(rows)) await trx.insertInto('caption_cues').values([...slice]).execute()
        const words = createTrackWordsRepository(trx)
        if (track.words) await words.replaceCounts(track.submissionId, track.language, track.words.counts, track.words.lexiconVersion, track.words.previewSeconds)
        else await words.clear(track.submissionId, track.language)
      }
      return db.isTransaction ? write(db) : db.transaction().execute(write)
    },

    /** False when there was no such track. */
    async remove(submissionId: number, language: CaptionLanguage): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await deleteCues(trx, submissionId, language)
        const result = await trx.deleteFrom('caption_tracks').where('submission_id', '=', submissionId).where('language', '=', language).executeTakeFirst()
        return result.numDeletedRows > 0n
      })
    },

    /** The tracks of these submissions, Vietnamese first. */
    async tracksOf(submissionIds: readonly number[]): Promise<CaptionTrackInfo[]> {
      if (submissionIds.length === 0) return []
      return db
        .selectFrom('caption_tracks')
        .select(['submission_id', 'language', 'cue_count', 'duration_seconds'])
        .where('submission_id', 'in', [...new Set(submissionIds)])
        .orderBy('submission_id')
        .orderBy('language', 'desc')
        .execute()
    },

    /** The file as stored. */
    async vtt(submissionId: number, language: CaptionLanguage): Promise<string | undefined> {
      const row = await db.selectFrom('caption_tracks').select('vtt').where('submission_id', '=', submissionId).where('language', '=', language).executeTakeFirst()
      return row?.vtt
    },

    /** The cues in order of time (`before`: only those starting before it; `page`: `limit` of them from the `offset`-th). */
    cues(submissionId: number, language: CaptionLanguage, before?: number, page?: { offset: number; limit: number }): Promise<CueRow[]> {
      let query = db
        .selectFrom('caption_cues')
        .select(['start_seconds as start', 'end_seconds as end', 'text', 'tokens'])
        .where('submission_id', '=', submissionId)
        .where('language', '=', language)
      if (before !== undefined) query = query.where('start_seconds', '<', before)
      query = query.orderBy('start_seconds').orderBy('id')
      if (page) query = query.limit(page.limit).offset(page.offset)
      return query.execute()
    },

    /**
     * The cues holding `text` (db/dialect/text-search.ts) in these submissions' tracks, per
     * submission Vietnamese before English, then in order of time: the caller picks the first one
     * its reader may see.
     */
    async firstMatches(submissionIds: readonly number[], text: string): Promise<Array<CueRow & { submission_id: number; language: CaptionLanguage }>> {
      if (submissionIds.length === 0) return []
      return db
        .selectFrom('caption_cues as cc')
        .select(['cc.submission_id', 'cc.language', 'cc.start_seconds as start', 'cc.end_seconds as end', 'cc.text'])
        .where('cc.submission_id', 'in', [...new Set(submissionIds)])
        // Row by row over the page's cues (caption_cues_track): a common word matches most cues.
        .where(search.rowContains({ table: 'caption_cues', alias: 'cc' }, text))
        .orderBy('cc.submission_id')
        .orderBy('cc.language', 'desc')
        .orderBy('cc.start_seconds')
        .execute()
    },
  }
}
