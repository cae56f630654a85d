import { sql, type Kysely } from 'kysely'
import type { Dialect, Series } from '../../../contract/index.ts'
import type { Database, Row } from '../db/schema.ts'

export interface SeriesRow {
  id: number
  language_code: string
  name: string
  description: string
}

export interface NewVideo {
  languageCode: string
  title: string
  description: string
  proficiencyLevel: string
  accessLevel: 'free' | 'premium' | 'preview'
  durationSeconds: number
  seriesId: number | null
  episodeNumber: number | null
  mediaKey: string
  thumbnailFile: string | null
  youtubeThumbnailFile: string | null
  youtubeTitle: string | null
  youtubeDescription: string | null
  submissionId: number | null
  nowIso: string
  dialect?: Dialect | null
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>

/**
 * Series and the catalogue rows that publishing writes; over `db` or a transaction. Series names are
 * unique per language ignoring case: compared and sorted as lower(name) on both engines (the
 * PostgreSQL index is on lower(name); SQLite's NOCASE index and lower() both fold ASCII only).
 */
export function createPublishingRepository(db: Kysely<Database>) {
  return {
    seriesOfLanguage: (code: string): Promise<Series[]> =>
      db
        .selectFrom('series as s')
        .select((eb) => [
          's.id',
          's.name',
          's.description',
          eb
            .selectFrom('videos as v')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('v.series_id', '=', 's.id')
            .where('v.published_at', 'is not', null)
            .as('video_count'),
          sql<number>`COALESCE((SELECT MAX(v.episode_number) FROM videos v WHERE v.series_id = s.id), 0) + 1`.as(
            'next_episode_number',
          ),
        ])
        .where('s.language_code', '=', code)
        .orderBy(sql`lower(s.name)`)
        .orderBy('s.id')
        .execute() as Promise<Series[]>,
    findSeries: (id: number): Promise<SeriesRow | undefined> =>
      db.selectFrom('series').select(['id', 'language_code', 'name', 'description']).where('id', '=', id).executeTakeFirst(),
    findSeriesByName: (code: string, name: string): Promise<SeriesRow | undefined> =>
      db
        .selectFrom('series')
        .select(['id', 'language_code', 'name', 'description'])
        .where('language_code', '=', code)
        .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
        .executeTakeFirst(),
    async insertSeries(code: string, name: string, description: string, nowIso: string): Promise<number> {
      const { id } = await db
        .insertInto('series')
        .values({ language_code: code, name, description, created_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },
    async nextEpisodeNumber(seriesId: number): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select(sql<number>`COALESCE(MAX(episode_number), 0) + 1`.as('n'))
        .where('series_id', '=', seriesId)
        .executeTakeFirstOrThrow()
      return row.n
    },
    async insertVideo(video: NewVideo): Promise<number> {
      const { id } = await db
        .insertInto('videos')
        .values({
          language_code: video.languageCode,
          title: video.title,
          description: video.description,
          proficiency_level: video.proficiencyLevel as Row<'videos'>['proficiency_level'],
          access_level: video.accessLevel,
          duration_seconds: video.durationSeconds,
          published_at: video.nowIso,
          created_at: video.nowIso,
          series_id: video.seriesId,
          episode_number: video.episodeNumber,
          media_key: video.mediaKey,
          thumbnail_file: video.thumbnailFile,
          youtube_thumbnail_file: video.youtubeThumbnailFile,
          youtube_title: video.youtubeTitle,
          youtube_description: video.youtubeDescription,
          submission_id: video.submissionId,
          dialect: video.dialect ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },
    async hasAnyVideo(): Promise<boolean> {
      return (await db.selectFrom('videos').select('id').limit(1).executeTakeFirst()) !== undefined
    },
  }
}
