import type { Series } from '../../../contract/index.ts'
import type { Db } from '../db/connection.ts'

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
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>

/** Series and the catalogue rows that publishing writes. */
export function createPublishingRepository(db: Db) {
  const seriesOfLanguage = db.prepare<[string], Series>(
    `SELECT s.id, s.name, s.description,
            (SELECT COUNT(*) FROM videos v WHERE v.series_id = s.id AND v.published_at IS NOT NULL) AS video_count,
            COALESCE((SELECT MAX(v.episode_number) FROM videos v WHERE v.series_id = s.id), 0) + 1 AS next_episode_number
       FROM series s WHERE s.language_code = ? ORDER BY s.name COLLATE NOCASE`,
  )
  const seriesById = db.prepare<[number], SeriesRow>('SELECT id, language_code, name, description FROM series WHERE id = ?')
  const seriesByName = db.prepare<[string, string], SeriesRow>(
    'SELECT id, language_code, name, description FROM series WHERE language_code = ? AND name = ? COLLATE NOCASE',
  )
  const insertSeries = db.prepare<[string, string, string, string]>(
    'INSERT INTO series (language_code, name, description, created_at) VALUES (?, ?, ?, ?)',
  )
  const nextEpisode = db.prepare<[number], { n: number }>(
    'SELECT COALESCE(MAX(episode_number), 0) + 1 AS n FROM videos WHERE series_id = ?',
  )
  const insertVideo = db.prepare(
    `INSERT INTO videos (language_code, title, description, proficiency_level, access_level, duration_seconds,
       published_at, created_at, series_id, episode_number, media_key, thumbnail_file, youtube_thumbnail_file,
       youtube_title, youtube_description, submission_id)
     VALUES (@languageCode, @title, @description, @proficiencyLevel, @accessLevel, @durationSeconds, @nowIso, @nowIso,
       @seriesId, @episodeNumber, @mediaKey, @thumbnailFile, @youtubeThumbnailFile, @youtubeTitle, @youtubeDescription,
       @submissionId)`,
  )
  const anyVideo = db.prepare<[], { id: number }>('SELECT id FROM videos LIMIT 1')

  return {
    seriesOfLanguage: (code: string) => seriesOfLanguage.all(code),
    findSeries: (id: number) => seriesById.get(id),
    findSeriesByName: (code: string, name: string) => seriesByName.get(code, name),
    insertSeries: (code: string, name: string, description: string, nowIso: string) =>
      Number(insertSeries.run(code, name, description, nowIso).lastInsertRowid),
    nextEpisodeNumber: (seriesId: number) => nextEpisode.get(seriesId)!.n,
    insertVideo: (video: NewVideo) => Number(insertVideo.run(video).lastInsertRowid),
    hasAnyVideo: () => anyVideo.get() !== undefined,
  }
}
