/**
 * `npm run db:copy` end to end on a throwaway PostgreSQL: a SQLite deployment with every table filled
 * arrives row for row, the printed counts match, ids continue past the copied ones, and a target that
 * is not empty is refused with nothing written. Starts its own PostgreSQL unless the project provides one.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabase } from '../../test-support/postgres-server.ts'
import { postgresAdminUrl, postgresForThisFile } from '../../test-support/test-databases.ts'
import { openDatabase } from './connection.ts'
import { copyToPostgres, COPIED_TABLES, CopyRefused } from './copy-to-postgres.ts'
import { createPool } from './dialect/postgres.ts'
import { openEngine } from './engine.ts'
import { migrate, migrateSqlite, readMigrations } from './migrate.ts'
import type { NewRow } from './schema.ts'

postgresForThisFile()

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-copy-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function emptyTarget() {
  const database = await createDatabase(postgresAdminUrl())
  cleanups.push(() => database.drop())
  const pool = createPool(database.url, { max: 2 })
  cleanups.push(() => pool.end())
  return { url: database.url, pool }
}

const USER = 5_000_000_001
const OTHER_USER = 7
const VIDEO = 4_294_967_296
const SERIES = 4_294_967_297
const SUBMISSION = 9_000_000_001
const AT = 1_767_225_600_123
const ISO = '2025-12-31T23:59:59.999Z'
const WATCH_EVENTS = 1_234

/** A SQLite deployment with at least one row in every table the copy fills; answers its DATA_DIR. */
async function filledSource(): Promise<string> {
  const dataDir = tempDataDir()
  const engine = await openEngine({ dataDir })
  try {
    await migrate(engine)
    const db = engine.db
    for (const row of [
        {
          id: USER,
          email: 'lan@example.com',
          display_name: 'Nguyễn Thị Lan',
          display_name_changed_at: '2025-03-01T08:00:00.000Z',
          daily_goal_minutes: 30,
          is_premium: 1,
          is_admin: 1,
          is_contributor: 1,
          time_zone: 'Asia/Ho_Chi_Minh',
          created_at: '2025-01-02T03:04:05.678Z',
          last_sign_in_at: ISO,
        },
        { id: OTHER_USER, email: 'minh@example.com', display_name: null, created_at: ISO, last_sign_in_at: null },
    ] satisfies NewRow<'users'>[]) {
      await db.insertInto('users').values(row).execute()
    }
    for (const row of [
        { id: 3_000_000_000, email: 'lan@example.com', code_hash: 'h'.repeat(64), requested_ip: '203.0.113.7', created_at: AT, expires_at: AT + 600_000, wrong_tries: 2, consumed_at: null },
        { email: 'minh@example.com', code_hash: 'k'.repeat(64), requested_ip: '2001:db8::1', created_at: AT, expires_at: AT + 600_000, consumed_at: AT + 1 },
    ] satisfies NewRow<'otp_codes'>[]) {
      await db.insertInto('otp_codes').values(row).execute()
    }
    await db.insertInto('otp_code_network_tries').values({ code_id: 3_000_000_000, network: '2001:db8:1:2::/64', wrong_tries: 3 }).execute()
    for (const row of [
        { token_hash: 'a'.repeat(64), user_id: USER, created_at: AT, expires_at: AT + 30 * 86_400_000, revoked_at: null, user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', last_seen_at: AT + 5, sign_in_network: 'n'.repeat(43) },
        { token_hash: 'b'.repeat(64), user_id: OTHER_USER, created_at: AT, expires_at: AT + 1, revoked_at: AT },
    ] satisfies NewRow<'sessions'>[]) {
      await db.insertInto('sessions').values(row).execute()
    }
    // The seeded languages come across as the source has them: one changed, one added.
    await db.updateTable('languages').set({ position: 5 }).where('code', '=', 'yue').execute()
    await db.insertInto('languages').values({ code: 'en', name: 'English', native_name: 'English', position: 3 }).execute()
    await db.insertInto('series').values({ id: SERIES, language_code: 'vi', name: 'Phở và bạn bè', description: 'Chuyện ở Hà Nội', created_at: ISO }).execute()
    for (const row of [
        {
          id: VIDEO,
          language_code: 'vi',
          title: 'Bún chả Hà Nội 🍜',
          description: 'Ăn trưa ở phố cổ',
          proficiency_level: 'beginner',
          access_level: 'free',
          duration_seconds: 123.456789012345,
          published_at: ISO,
          created_at: ISO,
          series_id: SERIES,
          episode_number: 1,
          media_key: 'media-1',
          thumbnail_file: 'thumb.jpg',
          youtube_thumbnail_file: null,
          youtube_id: 'dQw4w9WgXcQ',
          youtube_title: 'Bún chả',
          youtube_description: null,
          submission_id: SUBMISSION,
          dialect: 'southern',
        },
        { id: 12, language_code: 'yue', title: '飲茶', proficiency_level: 'advanced', created_at: ISO, published_at: null, series_id: null, episode_number: null, media_key: null, thumbnail_file: null, youtube_thumbnail_file: null, youtube_id: null, youtube_title: null, youtube_description: null, submission_id: null, dialect: null },
    ] satisfies NewRow<'videos'>[]) {
      await db.insertInto('videos').values(row).execute()
    }
    await db.insertInto('daily_totals').values({ user_id: USER, day: '2025-12-31', watch_seconds: 0.1 + 0.2, goal_minutes: 30 }).execute()
    for (const row of [
        { id: 6_000_000_000, user_id: USER, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', feedback: 'Ứng dụng rất hay, cảm ơn!', environment_data: '{"ua":"Mozilla/5.0","lang":"vi-VN"}', created_at: ISO },
        { user_id: OTHER_USER, client_id: null, feedback: 'Không có âm thanh', environment_data: null, created_at: ISO },
    ] satisfies NewRow<'user_feedbacks'>[]) {
      await db.insertInto('user_feedbacks').values(row).execute()
    }
    await db.insertInto('waitlist').values({ email: 'hoa@example.com', created_at: ISO }).execute()
    await db
      .insertInto('submissions')
      .values({
        id: SUBMISSION,
        user_id: USER,
        client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
        title: 'Đi chợ Bến Thành',
        description: 'Mua trái cây',
        proficiency_level: 'intermediate',
        language_code: 'vi',
        series_name: 'Phở và bạn bè',
        episode_number: 2,
        publishable: 1,
        status: 'accepted',
        upload_id: 'tus-123',
        upload_state: 'complete',
        upload_bytes_total: 3_000_000_000,
        upload_activity_at: AT,
        processing_state: 'ready',
        processing_percent: 100,
        processing_error: null,
        media_key: 'media-1',
        duration_seconds: 61.5,
        published_video_id: VIDEO,
        created_at: ISO,
        dialect: 'southern',
      })
      .execute()
    await db.insertInto('submission_creators').values({ submission_id: SUBMISSION, email: 'lan@example.com' }).execute()
    await db
      .insertInto('caption_tracks')
      .values({ submission_id: SUBMISSION, language: 'vi', vtt: 'WEBVTT\n\n00:01.000 --> 00:02.500\nĐi chợ thôi!\n', cue_count: 1, duration_seconds: 2.5, updated_at: ISO })
      .execute()
    await db
      .insertInto('caption_cues')
      .values({ id: 12_000_000_000, submission_id: SUBMISSION, language: 'vi', start_seconds: 1, end_seconds: 2.5, text: 'Đi chợ thôi!', tokens: '[[0,6,"đi chợ"],[7,11,"thôi"]]' })
      .execute()
    await db
      .insertInto('jobs')
      .values({ id: 8_000_000_000, kind: 'transcode', payload: `{"submission_id":${SUBMISSION}}`, state: 'done', attempts: 1, error: null, created_at: AT, started_at: AT + 5, finished_at: AT + 60_000 })
      .execute()
    await db
      .insertInto('contributor_applications')
      .values({
        id: 10_000_000_000,
        name: 'Trần Văn Hùng',
        email: 'hung@example.com',
        location: 'Đà Nẵng',
        english_ability: 'a_little',
        notes: 'Tôi là giáo viên',
        video_file: 'application-1.mp4',
        video_type: 'video/mp4',
        video_bytes: 5_000_000_000,
        status: 'pending',
        created_at: ISO,
        decided_at: null,
      })
      .execute()
    // More rows than one INSERT takes (500), so the copy goes in several batches.
    const events = Array.from({ length: WATCH_EVENTS }, (_, i) => ({
      user_id: i % 2 ? USER : OTHER_USER,
      client_id: `0194a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
      video_id: i % 3 ? VIDEO : 12,
      position_from: i * 10,
      position_to: i * 10 + 10.25,
      watched_seconds: 10.25,
      playback_rate: i % 4 ? 1 : 1.25,
      occurred_at: new Date(AT - i * 10_000).toISOString(),
      day: new Date(AT - i * 10_000).toISOString().slice(0, 10),
      received_at: ISO,
    }))
    // Every row names every column here, so multi-row inserts are fine (elsewhere a column left out
    // would be NULL, not its default: SQLite has no DEFAULT in VALUES).
    for (let i = 0; i < events.length; i += 100) await db.insertInto('watch_events').values(events.slice(i, i + 100)).execute()
    await db
      .insertInto('video_progress')
      .values({ user_id: USER, video_id: VIDEO, spans: '[[0,10.25],[20,30]]', covered_seconds: 20.25, watch_seconds: 20.25, last_position_seconds: 30, last_watched_at: ISO })
      .execute()
    await db.insertInto('comments').values({ id: 11_000_000_000, video_id: VIDEO, user_id: USER, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d', text: 'Cô giáo nói rõ quá! Tôi hiểu hết.', created_at: ISO }).execute()
    await db
      .insertInto('billing_checkouts')
      .values({ id: 'cs_test_a1B2', user_id: USER, plan: 'year', provider: 'stripe', status: 'paid', created_at: ISO, completed_at: ISO })
      .execute()
    await db
      .insertInto('subscriptions')
      .values({ user_id: USER, provider: 'stripe', plan: 'year', status: 'active', current_period_end: '2026-12-31T23:59:59.999Z', cancel_at_period_end: 0, stripe_customer_id: 'cus_1', stripe_subscription_id: 'sub_1', updated_at: ISO })
      .execute()
    await db.insertInto('billing_events').values({ id: 'evt_1', type: 'checkout.session.completed', received_at: ISO }).execute()
    await db
      .insertInto('outside_hours')
      .values({ user_id: USER, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5e', day: '2025-12-31', minutes: 45, kind: 'talking', note: 'Nói chuyện với bà ngoại', created_at: ISO })
      .execute()
    // 0009 seeded this user's goal of 30; one more change.
    await db.insertInto('daily_goal_changes').values({ user_id: USER, day: '2025-12-30', goal_minutes: 20 }).execute()
    await db
      .insertInto('watch_coverage')
      .values([
        { user_id: USER, start_ms: AT - 3_600_000, end_ms: AT - 3_000_000 },
        { user_id: USER, start_ms: AT, end_ms: AT + 10_250 },
      ])
      .execute()
    await db.insertInto('rate_limit_hits').values({ key: 'verify:203.0.113.5', hits: 3, reset_at: AT + 600_000 }).execute()
    await db
      .insertInto('video_ratings')
      .values({ user_id: USER, video_id: VIDEO, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5f', understood: 4, occurred_at: ISO, rater_input_seconds: 72_900, evidence: 14, received_at: ISO })
      .execute()
    await db
      .insertInto('rating_receipts')
      .values([
        { user_id: USER, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5f', video_id: VIDEO },
        { user_id: USER, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60', video_id: VIDEO },
      ])
      .execute()
    // Words (0030): an entry, a glossary, a track's counts, a learner's state and its receipt.
    const WORD_CLIENT = '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61'
    await db.insertInto('lexicon_entries').values({ id: 13_000_000_000, language_code: 'vi', key: 'đi chợ', headword: 'đi chợ', glosses: '["to go to the market"]', reading: null, note: 'Hà Nội', source: 'demo', submission_id: null, created_at: ISO, updated_at: ISO }).execute()
    await db.insertInto('submission_glossary').values({ submission_id: SUBMISSION, key: 'thôi', headword: 'thôi', glosses: '["that\'s all"]', reading: null, note: null }).execute()
    await db.insertInto('track_words').values({ submission_id: SUBMISSION, language: 'vi', key: 'đi chợ', count: 1, preview_count: 1 }).execute()
    await db.insertInto('word_states').values({ user_id: USER, language_code: 'vi', key: 'đi chợ', state: 'known', client_id: WORD_CLIENT, occurred_at: ISO, occurred_ms: AT, received_at: ISO }).execute()
    await db.insertInto('word_state_receipts').values({ user_id: USER, client_id: WORD_CLIENT }).execute()
    // Saved lines (0040): a card with its schedule, one review of it, a removal received.
    const CARD_CLIENT = '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a71'
    await db
      .insertInto('cards')
      .values({
        id: 14_000_000_000, user_id: USER, client_id: CARD_CLIENT, video_id: VIDEO, language_code: 'vi', start_seconds: 1.25, end_seconds: 3.5,
        text: 'Cô ấy đi chợ.', translation: 'She goes to the market.', created_at: ISO, created_ms: AT, received_at: ISO, state: 'review',
        due_ms: AT + 86_400_000, stability: 2.5, difficulty: 5.25, reps: 1, lapses: 0, scheduled_days: 1, learning_steps: 0, elapsed_days: 0,
        last_review_ms: AT, last_review_client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a72', clip_path: null,
      })
      .execute()
    await db
      .insertInto('card_reviews')
      .values({ id: 15_000_000_000, user_id: USER, card_id: 14_000_000_000, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a72', rating: 3, reviewed_at: ISO, reviewed_ms: AT, duration_ms: 4_200, day: '2025-12-31', received_at: ISO })
      .execute()
    await db.insertInto('card_removals').values({ user_id: USER, client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a73', card_client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a74', occurred_at: ISO }).execute()
    // Preferences that follow the account (0022).
    await db.insertInto('account_preferences').values({ user_id: USER, name: 'theme', value: '"dark"', client_id: '0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a75', occurred_at: ISO, occurred_ms: AT }).execute()
    await db
      .insertInto('account_deletion_codes')
      .values({ id: 7_000_000_000, user_id: USER, code_hash: 'd'.repeat(64), created_at: AT, expires_at: AT + 600_000, wrong_tries: 1, consumed_at: null })
      .execute()
  } finally {
    await engine.close()
  }
  return dataDir
}

type AnyRow = Record<string, unknown>
const sorted = (rows: AnyRow[]) => rows.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))).sort()

function sqliteRows(dataDir: string): Record<string, AnyRow[]> {
  const db = openDatabase(dataDir)
  try {
    return Object.fromEntries(COPIED_TABLES.map((table) => [table, db.prepare(`SELECT * FROM "${table}"`).all() as AnyRow[]]))
  } finally {
    db.close()
  }
}

async function postgresRows(pool: ReturnType<typeof createPool>): Promise<Record<string, AnyRow[]>> {
  const rows: Record<string, AnyRow[]> = {}
  for (const table of [...COPIED_TABLES, 'schema_migrations']) {
    const found = await pool.query(`SELECT * FROM "${table}"`).catch(() => undefined)
    if (found) rows[table] = found.rows
  }
  return rows
}

async function tableNames(pool: ReturnType<typeof createPool>): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")
  return rows.map((row) => row.table_name)
}

/** The command as an operator runs it, with the environment of a production server (DATABASE_URL refused there). */
function dbCopy(dataDir: string, target: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'sync-server/src/db/copy-cli.ts', '--to', target], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: target, SMTP_URL: '' },
    timeout: 60_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** table → count, from the lines "name  count" the command prints. */
function printedCounts(stdout: string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const line of stdout.split('\n')) {
    const match = /^([a-z_]+)\s+(\d+)$/.exec(line)
    if (match) counts[match[1]!] = Number(match[2])
  }
  return counts
}

describe('db:copy from SQLite to PostgreSQL', () => {
  it('copies every table row for row, prints the counts, and new rows get fresh ids', async () => {
    const dataDir = await filledSource()
    const source = sqliteRows(dataDir)
    for (const table of COPIED_TABLES) expect(source[table]!.length, `the source fills ${table}`).toBeGreaterThan(0)
    const target = await emptyTarget()

    const run = dbCopy(dataDir, target.url)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)

    expect(printedCounts(run.stdout)).toEqual(Object.fromEntries(COPIED_TABLES.map((table) => [table, source[table]!.length])))
    expect(run.stdout).toContain('Not copied: caption_cues_search, feedback_search, users_search, videos_search')
    const copied = await postgresRows(target.pool)
    for (const table of COPIED_TABLES) expect(sorted(copied[table]!), table).toEqual(sorted(source[table]!))
    expect(copied.schema_migrations!.map((row) => row.name).sort()).toEqual(readMigrations('postgres').map((m) => m.name))

    // Every identity continues past the largest id copied.
    const { rows: identities } = await target.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'",
    )
    expect(identities.length).toBeGreaterThanOrEqual(8)
    for (const { table_name } of identities) {
      const largest = Math.max(...source[table_name]!.map((row) => row.id as number))
      const { rows } = await target.pool.query<{ next: number }>(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS next`, [table_name])
      expect(rows[0]!.next, table_name).toBe(largest + 1)
    }
    const { rows: inserted } = await target.pool.query<{ id: number }>("INSERT INTO users (email, created_at) VALUES ('moi@example.com', $1) RETURNING id", [ISO])
    expect(inserted[0]!.id).toBeGreaterThan(USER)
    // The trigram search finds copied rows (its indexes are built from them).
    const { rows: found } = await target.pool.query("SELECT id FROM users WHERE search_fold(display_name) LIKE '%' || search_fold('nguyen thi') || '%'")
    expect(found).toEqual([{ id: USER }])
  }, 90_000)

  it('refuses a target that holds data, says why, and writes nothing', async () => {
    const dataDir = await filledSource()
    const target = await emptyTarget()
    const engine = await openEngine({ dataDir: tempDataDir(), databaseUrl: target.url })
    await migrate(engine)
    await engine.db.insertInto('waitlist').values({ email: 'first@example.com', created_at: ISO }).execute()
    await engine.close()
    const before = await postgresRows(target.pool)

    const run = dbCopy(dataDir, target.url)
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('The target database is not empty')
    expect(run.stderr).toContain('waitlist: 1 row')
    expect(run.stderr).toContain('nothing was written')
    expect(await postgresRows(target.pool)).toEqual(before)
  }, 90_000)

  it('refuses a database with tables that are not ours, creating none of its own there', async () => {
    const dataDir = await filledSource()
    const target = await emptyTarget()
    await target.pool.query('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)')
    await expect(copyToPostgres({ dataDir, targetUrl: target.url })).rejects.toThrow(/notes: a table that is not ours/)
    expect(await tableNames(target.pool)).toEqual(['notes'])
  })

  it('fills a target a server had already migrated, and migrates a source that is behind first', async () => {
    const dataDir = tempDataDir()
    const old = openDatabase(dataDir)
    const all = readMigrations('sqlite')
    const history = all.findIndex((m) => m.name.startsWith('0009_daily_goal_history'))
    migrateSqlite(old, all.slice(0, history))
    old.prepare('INSERT INTO users (id, email, daily_goal_minutes, created_at) VALUES (?, ?, ?, ?)').run(41, 'cu@example.com', 25, '2025-06-01T00:00:00.000Z')
    old.close()
    const target = await emptyTarget()
    const engine = await openEngine({ dataDir: tempDataDir(), databaseUrl: target.url })
    await migrate(engine)
    await engine.close()

    const report = await copyToPostgres({ dataDir, targetUrl: target.url, batchRows: 1 })
    expect(report.sourceMigrated).toEqual(all.slice(history).map((m) => m.name))
    expect(report.targetMigrated).toEqual([])
    expect(report.tables.find((t) => t.table === 'users')!.rows).toBe(1)
    const copied = await postgresRows(target.pool)
    expect(sorted(copied.languages!)).toEqual(sorted(sqliteRows(dataDir).languages!))
    // 0009, applied to the source on the way, recorded the goal of 25 it found.
    expect(copied.daily_goal_changes).toEqual([{ user_id: 41, day: '2025-06-01', goal_minutes: 25 }])
  })

  it('refuses a DATA_DIR without a database, writing nothing', async () => {
    const target = await emptyTarget()
    const empty = tempDataDir()
    const refusal = copyToPostgres({ dataDir: empty, targetUrl: target.url })
    await expect(refusal).rejects.toBeInstanceOf(CopyRefused)
    await expect(refusal).rejects.toThrow(/no SQLite database at .*dehieu\.sqlite/)
    expect(fs.existsSync(path.join(empty, 'dehieu.sqlite'))).toBe(false)
    expect(await tableNames(target.pool)).toEqual([])
  })
})
