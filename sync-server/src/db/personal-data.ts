/**
 * Every table that holds rows about one person, and how: the one list the export
 * (account-export.repository.ts) and the deletion (account-deletion.repository.ts) both walk, so a table
 * added later is one line here. `personal-data.test.ts` fails when a table with a `user_id` or `email`
 * column is in neither this list nor NOT_PERSONAL.
 *
 * `onDelete`:
 * - 'erase': the person's rows are deleted.
 * - 'keep': rows that stay for others' sake, emptied as account-deletion.repository.ts says (comments keep
 *   their place in threads, emptied and flagged deleted, feedback stays without its sender, published videos keep the
 *   submission they came from). docs/privacy.md says why, table by table.
 */
import type { Database } from './schema.ts'

export interface PersonalTable {
  /** The name of its part in the export, or null when the rows are not worth handing over (hashed codes). */
  section: string | null
  table: keyof Database
  /** How a row belongs to the person: their user id, or their e-mail address. */
  owner: 'user_id' | 'email'
  /** A column unique among one person's rows: the export pages through them in its order. */
  key: string
  onDelete: 'erase' | 'keep'
  /** Left out of the export: secrets, and the owner column (the person is the export's subject). */
  omit?: readonly string[]
  /** Text columns holding JSON, handed over as JSON. */
  json?: readonly string[]
  /** Epoch-millisecond columns, handed over as ISO times. */
  epochMs?: readonly string[]
}

export const PERSONAL_TABLES: readonly PersonalTable[] = [
  { section: 'daily_goal_history', table: 'daily_goal_changes', owner: 'user_id', key: 'day', onDelete: 'erase' },
  { section: 'watch_events', table: 'watch_events', owner: 'user_id', key: 'client_id', onDelete: 'erase' },
  { section: 'daily_totals', table: 'daily_totals', owner: 'user_id', key: 'day', onDelete: 'erase' },
  { section: 'video_progress', table: 'video_progress', owner: 'user_id', key: 'video_id', onDelete: 'erase', json: ['spans'] },
  { section: 'watch_coverage', table: 'watch_coverage', owner: 'user_id', key: 'start_ms', onDelete: 'erase', epochMs: ['start_ms', 'end_ms'] },
  { section: 'outside_hours', table: 'outside_hours', owner: 'user_id', key: 'client_id', onDelete: 'erase' },
  { section: 'ratings', table: 'video_ratings', owner: 'user_id', key: 'video_id', onDelete: 'erase' },
  { section: null, table: 'rating_receipts', owner: 'user_id', key: 'client_id', onDelete: 'erase' },
  { section: 'word_states', table: 'word_states', owner: 'user_id', key: 'client_id', onDelete: 'erase', omit: ['user_id', 'occurred_ms'] },
  // Sums of the word states above per track (0080), kept by triggers: nothing of her own beyond them.
  { section: null, table: 'learner_track_words', owner: 'user_id', key: 'submission_id', onDelete: 'erase' },
  { section: null, table: 'word_state_receipts', owner: 'user_id', key: 'client_id', onDelete: 'erase' },
  { section: 'card_reviews', table: 'card_reviews', owner: 'user_id', key: 'client_id', onDelete: 'erase', omit: ['user_id', 'id', 'reviewed_ms'] },
  {
    section: 'cards',
    table: 'cards',
    owner: 'user_id',
    key: 'client_id',
    onDelete: 'erase',
    omit: ['user_id', 'created_ms', 'scheduled_days', 'learning_steps', 'elapsed_days', 'last_review_client_id', 'clip_path'],
    epochMs: ['due_ms', 'last_review_ms'],
  },
  { section: 'card_removals', table: 'card_removals', owner: 'user_id', key: 'client_id', onDelete: 'erase', omit: ['user_id'] },
  { section: 'preferences', table: 'account_preferences', owner: 'user_id', key: 'name', onDelete: 'erase', omit: ['user_id', 'occurred_ms'], json: ['value'] },
  { section: 'comments', table: 'comments', owner: 'user_id', key: 'id', onDelete: 'keep' },
  { section: 'feedback', table: 'user_feedbacks', owner: 'user_id', key: 'id', onDelete: 'keep', json: ['environment_data'] },
  { section: 'submissions', table: 'submissions', owner: 'user_id', key: 'id', onDelete: 'keep' },
  { section: 'contributor_applications', table: 'contributor_applications', owner: 'email', key: 'id', onDelete: 'erase', omit: ['email', 'video_file'] },
  { section: 'subscription', table: 'subscriptions', owner: 'user_id', key: 'user_id', onDelete: 'erase' },
  { section: 'billing_checkouts', table: 'billing_checkouts', owner: 'user_id', key: 'id', onDelete: 'erase' },
  {
    section: 'sessions',
    table: 'sessions',
    owner: 'user_id',
    key: 'token_hash',
    onDelete: 'erase',
    omit: ['user_id', 'token_hash', 'sign_in_network'],
    epochMs: ['created_at', 'expires_at', 'revoked_at', 'last_seen_at'],
  },
  { section: 'waitlist', table: 'waitlist', owner: 'email', key: 'email', onDelete: 'erase' },
  { section: null, table: 'otp_codes', owner: 'email', key: 'id', onDelete: 'erase' },
  { section: null, table: 'account_deletion_codes', owner: 'user_id', key: 'id', onDelete: 'erase' },
]

/**
 * Tables with a `user_id` or `email` column that are not one person's data: the account row itself
 * (emptied by the deletion), and the credits a submission gives the people it features (other people's
 * addresses; the deletion removes the deleted person's own credits).
 */
export const NOT_PERSONAL: ReadonlySet<keyof Database> = new Set<keyof Database>(['users', 'submission_creators'])
