import type { Db } from '../db/connection.ts'

/** A submissions row with its uploader, as SQLite holds it (flags 0/1, times as text or epoch ms). */
export interface SubmissionRow {
  id: number
  user_id: number
  client_id: string | null
  title: string
  description: string
  proficiency_level: 'introductory' | 'beginner' | 'intermediate' | 'advanced'
  language_code: string
  series_name: string | null
  episode_number: number | null
  publishable: number
  status: 'pending' | 'accepted' | 'rejected'
  upload_id: string | null
  upload_state: 'awaiting' | 'uploading' | 'complete'
  upload_bytes_total: number | null
  upload_activity_at: number | null
  processing_state: 'waiting' | 'queued' | 'processing' | 'ready' | 'failed'
  processing_percent: number
  processing_error: string | null
  media_key: string | null
  duration_seconds: number | null
  published_video_id: number | null
  created_at: string
  uploader_email: string
  uploader_display_name: string | null
}

export interface NewSubmission {
  userId: number
  clientId: string | null
  title: string
  description: string
  proficiencyLevel: string
  languageCode: string
  seriesName: string | null
  episodeNumber: number | null
  publishable: boolean
  creatorEmails: string[]
  nowIso: string
}

export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>

const SELECT = `SELECT s.*, u.email AS uploader_email, u.display_name AS uploader_display_name
  FROM submissions s JOIN users u ON u.id = s.user_id`

export function createSubmissionsRepository(db: Db) {
  const byId = db.prepare<[number], SubmissionRow>(`${SELECT} WHERE s.id = ?`)
  const byClientId = db.prepare<[number, string], SubmissionRow>(`${SELECT} WHERE s.user_id = ? AND s.client_id = ?`)
  const byUploadId = db.prepare<[string], SubmissionRow>(`${SELECT} WHERE s.upload_id = ?`)
  const ofUser = db.prepare<[number, number, number], SubmissionRow>(
    `${SELECT} WHERE s.user_id = ? AND s.id < ? ORDER BY s.id DESC LIMIT ?`,
  )
  const everyone = db.prepare<[number, number], SubmissionRow>(`${SELECT} WHERE s.id < ? ORDER BY s.id DESC LIMIT ?`)
  const creatorsOf = db.prepare<[number], { email: string }>(
    'SELECT email FROM submission_creators WHERE submission_id = ? ORDER BY email',
  )
  const insert = db.prepare(
    `INSERT INTO submissions (user_id, client_id, title, description, proficiency_level, language_code, series_name,
       episode_number, publishable, created_at)
     VALUES (@userId, @clientId, @title, @description, @proficiencyLevel, @languageCode, @seriesName, @episodeNumber,
       @publishable, @nowIso)`,
  )
  const insertCreator = db.prepare<[number, string]>(
    'INSERT OR IGNORE INTO submission_creators (submission_id, email) VALUES (?, ?)',
  )
  const bind = db.prepare<[string, number | null, number, number]>(
    `UPDATE submissions SET upload_id = ?, upload_state = 'uploading', upload_bytes_total = ?, upload_activity_at = ?,
       processing_state = 'waiting', processing_percent = 0, processing_error = NULL WHERE id = ?`,
  )
  const activity = db.prepare<[number, string]>('UPDATE submissions SET upload_activity_at = ? WHERE upload_id = ?')
  const complete = db.prepare<[number, number]>(
    `UPDATE submissions SET upload_state = 'complete', upload_bytes_total = ?, processing_state = 'queued',
       processing_percent = 0, processing_error = NULL WHERE id = ?`,
  )
  const unbind = db.prepare<[number]>(
    `UPDATE submissions SET upload_id = NULL, upload_state = 'awaiting', upload_bytes_total = NULL,
       upload_activity_at = NULL, processing_state = 'waiting', processing_percent = 0 WHERE id = ?`,
  )
  const processing = db.prepare<[string, number, string | null, number]>(
    'UPDATE submissions SET processing_state = ?, processing_percent = ?, processing_error = ? WHERE id = ?',
  )
  const dropSource = db.prepare<[number]>('UPDATE submissions SET upload_id = NULL WHERE id = ?')
  const mediaKey = db.prepare<[string, number]>('UPDATE submissions SET media_key = ? WHERE id = ?')
  const ready = db.prepare<[number, number]>(
    `UPDATE submissions SET processing_state = 'ready', processing_percent = 100, processing_error = NULL,
       duration_seconds = ? WHERE id = ?`,
  )
  const status = db.prepare<[string, number]>('UPDATE submissions SET status = ? WHERE id = ?')
  const published = db.prepare<[number, number]>('UPDATE submissions SET published_video_id = ? WHERE id = ?')
  const remove = db.prepare<[number]>('DELETE FROM submissions WHERE id = ?')
  const silent = db.prepare<[number], SubmissionRow>(
    `${SELECT} WHERE s.upload_state = 'uploading' AND s.upload_id IS NOT NULL AND s.upload_activity_at < ?`,
  )
  const any = db.prepare<[], { id: number }>('SELECT id FROM submissions LIMIT 1')
  const uploading = db.prepare<[], SubmissionRow>(`${SELECT} WHERE s.upload_state = 'uploading' AND s.upload_id IS NOT NULL`)

  return {
    findById: (id: number) => byId.get(id),
    findByClientId: (userId: number, clientId: string) => byClientId.get(userId, clientId),
    findByUploadId: (uploadId: string) => byUploadId.get(uploadId),
    listOfUser: (userId: number, beforeId: number, limit: number) => ofUser.all(userId, beforeId, limit),
    listAll: (beforeId: number, limit: number) => everyone.all(beforeId, limit),
    creators: (id: number) => creatorsOf.all(id).map((row) => row.email),
    /** Inserts the submission and its creators together; returns the new id. */
    insert: db.transaction((input: NewSubmission) => {
      const id = Number(insert.run({ ...input, publishable: input.publishable ? 1 : 0 }).lastInsertRowid)
      for (const email of input.creatorEmails) insertCreator.run(id, email)
      return id
    }),
    bindUpload: (id: number, uploadId: string, bytesTotal: number | null, now: number) => void bind.run(uploadId, bytesTotal, now, id),
    touchUpload: (uploadId: string, now: number) => void activity.run(now, uploadId),
    completeUpload: (id: number, bytesTotal: number) => void complete.run(bytesTotal, id),
    unbindUpload: (id: number) => void unbind.run(id),
    setProcessing: (id: number, state: SubmissionRow['processing_state'], percent: number, error: string | null = null) =>
      void processing.run(state, percent, error, id),
    dropSource: (id: number) => void dropSource.run(id),
    setMediaKey: (id: number, key: string) => void mediaKey.run(key, id),
    markReady: (id: number, durationSeconds: number) => void ready.run(durationSeconds, id),
    setStatus: (id: number, value: 'accepted' | 'rejected') => void status.run(value, id),
    markPublished: (id: number, videoId: number) => void published.run(videoId, id),
    remove: (id: number) => void remove.run(id),
    silentUploads: (before: number) => silent.all(before),
    uploadingNow: () => uploading.all(),
    hasAny: () => any.get() !== undefined,
  }
}
