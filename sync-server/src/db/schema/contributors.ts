/** Contributors: submissions and their creators, applications, and the durable jobs they start. The whole database: db/schema.ts. */
import type { Generated } from 'kysely'
import type { Flag, Level, Decision, DialectColumn, MailLanguage } from './columns.ts'

export interface SubmissionsTable {
  id: Generated<number>
  user_id: number
  client_id: string | null
  title: string
  description: Generated<string>
  proficiency_level: Level
  language_code: string
  series_name: string | null
  episode_number: number | null
  publishable: Generated<Flag>
  status: Generated<Decision>
  upload_id: string | null
  upload_state: Generated<'awaiting' | 'uploading' | 'complete'>
  upload_bytes_total: number | null
  upload_activity_at: number | null
  processing_state: Generated<'waiting' | 'queued' | 'processing' | 'ready' | 'failed'>
  processing_percent: Generated<number>
  processing_error: string | null
  media_key: string | null
  duration_seconds: number | null
  published_video_id: number | null
  created_at: string
  /** 0014 */
  dialect: Generated<DialectColumn>
}

export interface SubmissionCreatorsTable {
  submission_id: number
  email: string
}

export interface JobsTable {
  id: Generated<number>
  kind: string
  /** JSON */
  payload: string
  state: Generated<'queued' | 'running' | 'done' | 'failed'>
  attempts: Generated<number>
  error: string | null
  created_at: number
  started_at: number | null
  finished_at: number | null
  /** 0011: epoch ms until which the running worker holds the job (renewed while it runs). */
  lease_until: number | null
  /** 0018: a queued job is not claimed before this (epoch ms, the database's clock); null: at once. */
  run_after: number | null
  /** 0018: claims made of this job (a hand-back does not undo one): names the claim for guarded writes. */
  claims: Generated<number>
  /** 0018: one job per key across the cluster (a periodic job's kind and period). */
  unique_key: string | null
}

export interface ContributorApplicationsTable {
  id: Generated<number>
  name: string
  email: string
  location: Generated<string>
  english_ability: 'none' | 'a_little' | 'well'
  notes: Generated<string>
  video_file: string
  video_type: string
  video_bytes: number
  status: Generated<Decision>
  created_at: string
  decided_at: string | null
  /** 0021: the app's language when it was sent: the replies are written in it. */
  ui_language: Generated<MailLanguage>
}
