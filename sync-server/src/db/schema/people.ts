/** People: accounts, sign-in codes and sessions, the limits on them, the waiting list and feedback. The whole database: db/schema.ts. */
import type { Generated } from 'kysely'
import type { Flag, MailLanguage } from './columns.ts'

/** 0001 */
export interface UsersTable {
  id: Generated<number>
  email: string
  display_name: string | null
  display_name_changed_at: string | null
  daily_goal_minutes: Generated<number>
  is_premium: Generated<Flag>
  is_admin: Generated<Flag>
  is_contributor: Generated<Flag>
  time_zone: Generated<string>
  created_at: string
  last_sign_in_at: string | null
  /** 0016: when the account was deleted (its row kept, emptied of everything personal). */
  deleted_at: string | null
  /** 0021: the language the person reads the app in, for e-mails; null until the app says. */
  ui_language: MailLanguage | null
}

export interface OtpCodesTable {
  id: Generated<number>
  email: string
  code_hash: string
  requested_ip: string
  created_at: number
  expires_at: number
  wrong_tries: Generated<number>
  /** Wrong tries from networks other than the one that asked for the code (0013). */
  foreign_wrong_tries: Generated<number>
  consumed_at: number | null
}

export interface SessionsTable {
  token_hash: string
  user_id: number
  created_at: number
  expires_at: number
  revoked_at: number | null
  /** 0016: the browser that signed in, as it said (User-Agent), and when the session was last used (epoch ms). */
  user_agent: string | null
  last_seen_at: number | null
  /** 0017: the network it signed in from (security/otp.ts hashNetwork), null for sessions before 0017. */
  sign_in_network: string | null
}

/** 0017: wrong tries against a code from one other network. */
export interface OtpCodeNetworkTriesTable {
  code_id: number
  network: string
  wrong_tries: number
}

/** 0016: codes mailed to confirm deleting an account, apart from sign-in codes. */
export interface AccountDeletionCodesTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  created_at: number
  expires_at: number
  wrong_tries: Generated<number>
  consumed_at: number | null
}

/** A rate limiter's count for one client key over a fixed window ending at reset_at (0013). */
export interface RateLimitHitsTable {
  key: string
  hits: number
  reset_at: number
}

export interface WaitlistTable {
  email: string
  created_at: string
}

/** 0003 */
export interface UserFeedbacksTable {
  id: Generated<number>
  user_id: number
  client_id: string | null
  feedback: string
  /** JSON, kept exactly as sent. */
  environment_data: string | null
  created_at: string
}

/** 0022: one preference that follows the account (the latest occurred_ms wins, ties the larger client_id); value is JSON. */
export interface AccountPreferencesTable {
  user_id: number
  name: string
  value: string
  client_id: string
  occurred_at: string
  occurred_ms: number
}
