/**
 * The SQL the server runs for GET /languages/vi/videos?sort=difficulty (first page of 50, as Kysely
 * writes it in catalogue.repository.ts and catalogue.service.ts: the page, then the learner's progress
 * and ratings of its videos), for the baselines of the difficulty bench. `$n` placeholders; SQLite
 * takes them as written (numbered parameters).
 */
export const LIST_PAGE_SQL = `SELECT v.id, v.language_code, v.access_level, v.duration_seconds, v.published_at, v.title, v.description,
  v.proficiency_level, v.media_key, v.thumbnail_file, v.youtube_id, v.series_id, s.name AS series_name, v.episode_number,
  v.submission_id, v.difficulty, v.difficulty_rank,
  CASE v.proficiency_level WHEN 'introductory' THEN 0 WHEN 'beginner' THEN 1 WHEN 'intermediate' THEN 2 ELSE 3 END AS level_rank
FROM videos AS v LEFT JOIN series AS s ON s.id = v.series_id
WHERE v.language_code = $1 AND v.published_at IS NOT NULL
ORDER BY v.difficulty_rank, v.published_at DESC, v.id DESC
LIMIT 51`

const inList = (from: number, count: number) => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ')

export const progressOfPageSql = (count: number) => `SELECT * FROM video_progress WHERE user_id = $1 AND video_id IN (${inList(2, count)})`
export const ratingsOfPageSql = (count: number) => `SELECT video_id, understood FROM video_ratings WHERE user_id = $1 AND video_id IN (${inList(2, count)})`
