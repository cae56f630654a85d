/**
 * Caption tracks and their cues (migration 0014), kept per submission: a published video finds its
 * tracks through `videos.submission_id`. A track is replaced whole, written beside the old one under a
 * new generation and then switched to (0070; `replace`), in the caller's transaction or in short ones of its own.
 */
import crypto from 'node:crypto'
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
  /**
   * A conditional write (issue 44): only over the track of this generation (`If-Match`), or only when
   * there is no track (`'none'`: `If-None-Match: *`). Checked in the switch itself, so two writes
   * racing cannot both pass. Left out: the write begun last wins, as before.
   */
  expect?: number | 'none'
}

/** What a write did: the generation it switched the track to, or why it was refused (its cues are gone again). */
export type ReplaceResult = { generation: number } | { refused: 'changed_elsewhere' | 'track_exists' }

/**
 * A track's cues go in batches (a statement and a commit each) with a turn of the event loop between
 * them, so other writers interleave (issue 45 item 5): written in one transaction, a 4,000-cue track
 * held SQLite for 0.8 s and 20 of them queued made the videos list wait 2.8 s. The default, 128 cues, is
 * about 20 ms of SQLite's FTS5 indexing; SQLite's writer thread (captions/write-off-thread.ts) takes 512
 * (only writers wait for a batch there, readers never do), PostgreSQL 512 (a statement waits on the
 * network, not on the event loop; each commit is a flush; but the statement is built on the main
 * thread, and Kysely's compile of 2,048 rows × 7 parameters took 10–60 ms in one go, 512 rows 1–2 ms
 * warm). The last batch is cut into power-of-two
 * slices: SQLite's handle keeps every statement it prepared, by text (db/dialect/sqlite.ts), so a few
 * sizes only.
 */
const CUES_PER_BATCH = 128

function* batches<T>(items: readonly T[], largest: number): Generator<readonly T[]> {
  let at = 0
  for (let size = largest; size >= 1; size >>= 1) {
    while (items.length - at >= size) {
      yield items.slice(at, at + size)
      at += size
    }
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

let lastGeneration = 0
/**
 * A generation larger than the track's current one, than any this process gave before, and, across
 * processes, than any begun in an earlier millisecond (the clock's milliseconds, then a random tail):
 * the write begun last wins.
 */
function nextGeneration(current: number): number {
  lastGeneration = Math.max(Date.now() * 1024 + crypto.randomInt(1024), current + 1, lastGeneration + 1)
  return lastGeneration
}

/** Why a condition refuses a write over the track now at `current` (undefined: none), or null. */
function refusalOf(expect: NewCaptionTrack['expect'], current: number | undefined): 'changed_elsewhere' | 'track_exists' | null {
  if (expect === 'none') return current === undefined ? null : 'track_exists'
  if (typeof expect === 'number') return current === expect ? null : 'changed_elsewhere'
  return null
}

/** Deletes the cues of one generation (a refused write's), a batch a statement. */
const deleteCuesOf = async (db: Kysely<Database>, cuesPerBatch: number, submissionId: number, language: CaptionLanguage, generation: number) => {
  for (;;) {
    const result = await db
      .deleteFrom('caption_cues')
      .where('id', 'in', (eb) =>
        eb.selectFrom('caption_cues').select('id').where('submission_id', '=', submissionId).where('language', '=', language).where('generation', '=', generation).limit(cuesPerBatch),
      )
      .executeTakeFirst()
    if (Number(result.numDeletedRows) < cuesPerBatch) return
    if (!db.isTransaction) await nextTurn()
  }
}

/** The row written: over the expected generation only, as a first track only, or over any older one. */
const writeRow = async (trx: Kysely<Database>, track: NewCaptionTrack, generation: number): Promise<boolean> => {
  const values = { vtt: track.vtt, cue_count: track.cues.length, duration_seconds: track.durationSeconds, updated_at: track.nowIso, generation }
  if (typeof track.expect === 'number') {
    const result = await trx
      .updateTable('caption_tracks')
      .set(values)
      .where('submission_id', '=', track.submissionId)
      .where('language', '=', track.language)
      .where('generation', '=', track.expect)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }
  const insert = trx.insertInto('caption_tracks').values({ submission_id: track.submissionId, language: track.language, ...values })
  const result = await insert
    .onConflict((conflict) =>
      track.expect === 'none' ? conflict.columns(['submission_id', 'language']).doNothing() : conflict.columns(['submission_id', 'language']).doUpdateSet(values).where('caption_tracks.generation', '<', generation),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
}

export type CaptionsRepository = ReturnType<typeof createCaptionsRepository>

/** Called after each batch of a track's new cues is stored (tests: a reader in the middle, a write that dies there). */
export type AfterBatch = (cuesWritten: number) => void | Promise<void>

export function createCaptionsRepository(db: Kysely<Database>, search: TextSearch, options: { cuesPerBatch?: number } = {}) {
  const cuesPerBatch = options.cuesPerBatch ?? CUES_PER_BATCH
  const turn = () => (db.isTransaction ? Promise.resolve() : nextTurn())
  const trackGeneration = async (submissionId: number, language: CaptionLanguage) =>
    (await db.selectFrom('caption_tracks').select('generation').where('submission_id', '=', submissionId).where('language', '=', language).executeTakeFirst())?.generation

  /** Deletes the track's cues of generations below `below`, a batch a statement (each also leaves the search index). */
  const deleteCuesBelow = async (submissionId: number, language: CaptionLanguage, below: number) => {
    for (;;) {
      const result = await db
        .deleteFrom('caption_cues')
        .where('id', 'in', (eb) =>
          eb.selectFrom('caption_cues').select('id').where('submission_id', '=', submissionId).where('language', '=', language).where('generation', '<', below).limit(cuesPerBatch),
        )
        .executeTakeFirst()
      if (Number(result.numDeletedRows) < cuesPerBatch) return
      await turn()
    }
  }

  /** The track's row and words switched to `generation` in one write, unless a later write's already is (or the condition fails): whether it was. */
  const switchTo = async (trx: Kysely<Database>, track: NewCaptionTrack, generation: number): Promise<boolean> => {
    if (!(await writeRow(trx, track, generation))) return false
    const words = createTrackWordsRepository(trx)
    if (track.words) await words.replaceCounts(track.submissionId, track.language, track.words.counts, track.words.lexiconVersion, track.words.previewSeconds)
    else await words.clear(track.submissionId, track.language)
    return true
  }

  return {
    /**
     * Writes the track in place of any earlier one of that language, in generations: the new cues in
     * batches under a new generation (readers join the track and read its current one), a turn of
     * the event loop between batches; then the track switched to it in one short transaction (its row,
     * its words); then the older generations' cues deleted, in batches too. A reader sees the whole
     * old track or the whole new one; a write that dies midway leaves the old track as it was, and
     * its cues are deleted by the next write of the track. Two writes of one track at once: the one
     * begun last wins, the other's cues go. The caller bounds how many run at once (captions.service.ts).
     */
    async replace(track: NewCaptionTrack, afterBatch?: AfterBatch): Promise<ReplaceResult> {
      const current = await trackGeneration(track.submissionId, track.language)
      // A condition that fails already is answered before a cue is written; the switch checks it again.
      const refusal = refusalOf(track.expect, current)
      if (refusal) return { refused: refusal }
      const generation = nextGeneration(current ?? 0)
      const rows = track.cues.map((cue, k) => ({
        submission_id: track.submissionId,
        language: track.language,
        start_seconds: cue.start,
        end_seconds: cue.end,
        text: cue.text,
        tokens: track.words?.tokens[k] ?? null,
        generation,
      }))
      let written = 0
      for (const batch of batches(rows, cuesPerBatch)) {
        if (written > 0) await turn()
        await db.insertInto('caption_cues').values([...batch]).execute()
        written += batch.length
        await afterBatch?.(written)
      }
      const switched = await (db.isTransaction ? switchTo(db, track, generation) : db.transaction().execute((trx) => switchTo(trx, track, generation)))
      await turn()
      if (!switched && track.expect !== undefined) {
        await deleteCuesOf(db, cuesPerBatch, track.submissionId, track.language, generation)
        return { refused: track.expect === 'none' ? 'track_exists' : 'changed_elsewhere' }
      }
      // The generation that won (this one, or a later write's): every cue below it is the past.
      await deleteCuesBelow(track.submissionId, track.language, (await trackGeneration(track.submissionId, track.language)) ?? generation + 1)
      return { generation }
    },

    /** False when there was no such track. Its cues go after it, in batches (a later write's stay). */
    async remove(submissionId: number, language: CaptionLanguage): Promise<boolean> {
      const generation = await trackGeneration(submissionId, language)
      if (generation === undefined) return false
      const result = await db.deleteFrom('caption_tracks').where('submission_id', '=', submissionId).where('language', '=', language).where('generation', '=', generation).executeTakeFirst()
      await deleteCuesBelow(submissionId, language, generation + 1)
      return result.numDeletedRows > 0n
    },

    /** The tracks of these submissions, each one's own language (vi or yue) before English (`language` descending). */
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

    /** The file as stored and its generation (the studio's ETag, issue 44). */
    async stored(submissionId: number, language: CaptionLanguage): Promise<{ vtt: string; generation: number } | undefined> {
      return db.selectFrom('caption_tracks').select(['vtt', 'generation']).where('submission_id', '=', submissionId).where('language', '=', language).executeTakeFirst()
    },

    /** The file as stored. */
    async vtt(submissionId: number, language: CaptionLanguage): Promise<string | undefined> {
      const row = await db.selectFrom('caption_tracks').select('vtt').where('submission_id', '=', submissionId).where('language', '=', language).executeTakeFirst()
      return row?.vtt
    },

    /** The cues in order of time (`before`: only those starting before it; `page`: `limit` of them from the `offset`-th). */
    cues(submissionId: number, language: CaptionLanguage, before?: number, page?: { offset: number; limit: number }): Promise<CueRow[]> {
      let query = db
        .selectFrom('caption_cues as cc')
        // Only the cues of their track's current generation (0070).
        .innerJoin('caption_tracks as ct', (join) =>
          join.onRef('ct.submission_id', '=', 'cc.submission_id').onRef('ct.language', '=', 'cc.language').onRef('ct.generation', '=', 'cc.generation'),
        )
        .select(['cc.start_seconds as start', 'cc.end_seconds as end', 'cc.text', 'cc.tokens'])
        .where('cc.submission_id', '=', submissionId)
        .where('cc.language', '=', language)
      if (before !== undefined) query = query.where('cc.start_seconds', '<', before)
      query = query.orderBy('cc.start_seconds').orderBy('cc.id')
      if (page) query = query.limit(page.limit).offset(page.offset)
      return query.execute()
    },

    /**
     * The cues holding `text` (db/dialect/text-search.ts) in these submissions' tracks, per
     * submission its own language (vi or yue) before English, then in order of time: the caller picks the first one
     * its reader may see.
     */
    async firstMatches(submissionIds: readonly number[], text: string): Promise<Array<CueRow & { submission_id: number; language: CaptionLanguage }>> {
      if (submissionIds.length === 0) return []
      return db
        .selectFrom('caption_cues as cc')
        // Only the cues of their track's current generation (0070).
        .innerJoin('caption_tracks as ct', (join) =>
          join.onRef('ct.submission_id', '=', 'cc.submission_id').onRef('ct.language', '=', 'cc.language').onRef('ct.generation', '=', 'cc.generation'),
        )
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
