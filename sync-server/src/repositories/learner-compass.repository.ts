/**
 * The reads of the learner's compass (issue 20): progress per series and per level, recent input for
 * the pace, and the candidates of "up next" and "next for you". A video is finished at 90% covered,
 * as `hide_finished` counts it (covered_seconds >= 0.9 × duration).
 */
import { sql, type Kysely, type SqlBool } from 'kysely'
import type { Database } from '../db/schema.ts'
import { CATALOGUE_VIDEO_COLUMNS, type CatalogueVideoRow } from './catalogue.repository.ts'

export interface CompletionRow {
  finished: number
  total: number
}

/** Which videos a pick may offer: the learner's, in one language, leaving some out. */
export interface PickFilter {
  userId: number
  languageCode: string
  /** false: premium videos are left out (the learner could not play them). */
  mayWatchPremium: boolean
  /** Videos the learner finished are always left out; with this, any they started too. */
  unstartedOnly: boolean
  exclude: readonly number[]
  limit: number
}

const FINISHED = sql<SqlBool>`${sql.ref('p.covered_seconds')} >= 0.9 * ${sql.ref('v.duration_seconds')} AND ${sql.ref('v.duration_seconds')} > 0`

export type LearnerCompassRepository = ReturnType<typeof createLearnerCompassRepository>

export function createLearnerCompassRepository(db: Kysely<Database>) {
  /** Published videos of the language with their series, as the catalogue reads them. */
  const catalogueVideos = (languageCode: string) =>
    db
      .selectFrom('videos as v')
      .leftJoin('series as s', 's.id', 'v.series_id')
      .select(CATALOGUE_VIDEO_COLUMNS)
      .where('v.language_code', '=', languageCode)
      .where('v.published_at', 'is not', null)

  /** The videos a pick may offer, in the language (finished ones and `exclude` left out). */
  function candidates(filter: PickFilter) {
    let query = catalogueVideos(filter.languageCode).where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('video_progress as p')
            .select('p.video_id')
            .where('p.user_id', '=', filter.userId)
            .whereRef('p.video_id', '=', 'v.id')
            .$if(!filter.unstartedOnly, (q) => q.where(FINISHED)),
        ),
      ),
    )
    if (!filter.mayWatchPremium) query = query.where('v.access_level', '!=', 'premium')
    if (filter.exclude.length > 0) query = query.where('v.id', 'not in', [...filter.exclude])
    return query
  }

  return {
    /** The series of the language the learner has started an episode of, most recently watched first. */
    async seriesProgress(userId: number, languageCode: string): Promise<Array<{ id: number; name: string } & CompletionRow>> {
      const rows = await db
        .selectFrom('series as s')
        .innerJoin('videos as v', 'v.series_id', 's.id')
        .leftJoin('video_progress as p', (join) => join.onRef('p.video_id', '=', 'v.id').on('p.user_id', '=', userId))
        .select((eb) => [
          's.id',
          's.name',
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when(FINISHED).then(1).else(0).end()).as('finished'),
          eb.fn.max('p.last_watched_at').as('last_watched_at'),
        ])
        .where('s.language_code', '=', languageCode)
        .where('v.published_at', 'is not', null)
        .groupBy(['s.id', 's.name'])
        .having((eb) => eb.fn.max('p.last_watched_at'), 'is not', null)
        .orderBy('last_watched_at', 'desc')
        .orderBy('s.id')
        .execute()
      return rows.map((row) => ({ id: row.id, name: row.name, finished: Number(row.finished), total: Number(row.total) }))
    },

    /** Every level of the language with published videos: how many the learner finished of how many. */
    async levelProgress(userId: number, languageCode: string): Promise<Array<{ level: string } & CompletionRow>> {
      const rows = await db
        .selectFrom('videos as v')
        .leftJoin('video_progress as p', (join) => join.onRef('p.video_id', '=', 'v.id').on('p.user_id', '=', userId))
        .select((eb) => [
          'v.proficiency_level as level',
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when(FINISHED).then(1).else(0).end()).as('finished'),
        ])
        .where('v.language_code', '=', languageCode)
        .where('v.published_at', 'is not', null)
        .groupBy('v.proficiency_level')
        .execute()
      return rows.map((row) => ({ level: row.level, finished: Number(row.finished), total: Number(row.total) }))
    },

    /** Seconds of input on the local days from `fromDay` on (YYYY-MM-DD): watch time and hours logged outside. */
    async inputSecondsSince(userId: number, fromDay: string): Promise<number> {
      const watched = await db
        .selectFrom('daily_totals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('watch_seconds'), eb.lit(0)).as('seconds'))
        .where('user_id', '=', userId)
        .where('day', '>=', fromDay)
        .executeTakeFirstOrThrow()
      const outside = await db
        .selectFrom('outside_hours')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('minutes'), eb.lit(0)).as('minutes'))
        .where('user_id', '=', userId)
        .where('day', '>=', fromDay)
        .executeTakeFirstOrThrow()
      return Number(watched.seconds) + Number(outside.minutes) * 60
    },

    /** The episodes after `episodeNumber` in a series the learner has not finished, in order. */
    nextEpisodes(filter: PickFilter & { seriesId: number; episodeNumber: number }): Promise<CatalogueVideoRow[]> {
      return candidates(filter)
        .where('v.series_id', '=', filter.seriesId)
        .where('v.episode_number', '>', filter.episodeNumber)
        .orderBy('v.episode_number')
        .orderBy('v.id')
        .limit(filter.limit)
        .execute()
    },

    /**
     * The scored videos nearest `target` on each side: up to `limit` at or above it (easiest first)
     * and up to `limit` below (hardest first). Both read the difficulty index (0015) from `target`.
     */
    async nearestDifficulty(filter: PickFilter, target: number): Promise<CatalogueVideoRow[]> {
      const rank = Math.round(target)
      const above = await candidates(filter)
        .where('v.difficulty_rank', '>=', rank)
        .where('v.difficulty_rank', '<=', 100)
        .orderBy('v.difficulty_rank')
        .orderBy('v.published_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(filter.limit)
        .execute()
      const below = await candidates(filter)
        .where('v.difficulty_rank', '<', rank)
        .orderBy('v.difficulty_rank', 'desc')
        .orderBy('v.published_at')
        .orderBy('v.id')
        .limit(filter.limit)
        .execute()
      return [...above, ...below]
    },

    /** Videos of a level, the easiest scored first, then newest. */
    ofLevel(filter: PickFilter, level: Database['videos']['proficiency_level']): Promise<CatalogueVideoRow[]> {
      return candidates(filter)
        .where('v.proficiency_level', '=', level)
        .orderBy('v.difficulty_rank')
        .orderBy('v.published_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(filter.limit)
        .execute()
    },
  }
}
