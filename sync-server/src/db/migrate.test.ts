import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { goalInForceFrom } from '../repositories/daily-goals.repository.ts'
import { openDatabase } from './connection.ts'
import { migrateSqlite as migrate, readMigrations as readFor } from './migrate.ts'

const readMigrations = (dir?: string) => readFor('sqlite', dir)

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-migrate-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('migrations', () => {
  it('apply in order once, are recorded, and a second start applies nothing', () => {
    const dataDir = tempDir()
    const db = openDatabase(dataDir)
    const applied = migrate(db)
    expect(applied).toEqual(readMigrations().map((m) => m.name))
    expect(migrate(db)).toEqual([])
    const recorded = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()
    expect(recorded).toEqual(readMigrations().map((m) => m.version))
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.close()
  })

  it('seed the goal history (0009) of existing users from their day totals and their goal', () => {
    const db = openDatabase(tempDir())
    const all = readMigrations()
    const history = all.findIndex((m) => m.name === '0009_daily_goal_history.sqlite.sql')
    migrate(db, all.slice(0, history))
    const user = db.prepare('INSERT INTO users (email, daily_goal_minutes, created_at) VALUES (?, ?, ?)')
    const total = db.prepare('INSERT INTO daily_totals (user_id, day, watch_seconds, goal_minutes) VALUES (?, ?, 0, ?)')
    const changed = Number(user.run('changed@example.com', 30, '2025-02-20T08:00:00.000Z').lastInsertRowid)
    for (const [day, goal] of [['2025-03-01', 15], ['2025-03-03', 10], ['2025-03-04', 10], ['2025-03-08', 30]] as const) total.run(changed, day, goal)
    const neverSet = Number(user.run('default@example.com', 15, '2025-02-21T08:00:00.000Z').lastInsertRowid)
    total.run(neverSet, '2025-03-02', 15)
    // Goals changed outside the app, with no day total saying so.
    const noRows = Number(user.run('norows@example.com', 20, '2025-01-05T23:30:00.000Z').lastInsertRowid)
    const offRecord = Number(user.run('offrecord@example.com', 25, '2025-02-22T08:00:00.000Z').lastInsertRowid)
    total.run(offRecord, '2025-03-01', 10)

    expect(migrate(db)).toEqual(all.slice(history).map((m) => m.name))
    const rows = db.prepare('SELECT user_id, day, goal_minutes FROM daily_goal_changes ORDER BY user_id, day').all()
    expect(rows).toEqual([
      { user_id: changed, day: '2025-03-03', goal_minutes: 10 },
      { user_id: changed, day: '2025-03-08', goal_minutes: 30 },
      { user_id: noRows, day: '2025-01-05', goal_minutes: 20 },
      { user_id: offRecord, day: '2025-03-01', goal_minutes: 25 },
    ])
    const changesOf = (userId: number) =>
      db.prepare<[number], { day: string; goal_minutes: number }>('SELECT day, goal_minutes FROM daily_goal_changes WHERE user_id = ? ORDER BY day').all(userId)
    const inForceOn = (userId: number, day: string) => goalInForceFrom(changesOf(userId), day)
    expect(['2025-02-28', '2025-03-03', '2025-03-06', '2025-03-08', '2025-03-20'].map((day) => inForceOn(changed, day))).toEqual([15, 10, 10, 30, 30])
    expect(inForceOn(neverSet, '2025-03-10')).toBe(15)
    db.close()
  })

  it('roll back a failing file whole, leaving the ones before it in place', () => {
    const migrationsDir = tempDir()
    fs.writeFileSync(path.join(migrationsDir, '0001_first.sql'), 'CREATE TABLE a (id INTEGER);')
    fs.writeFileSync(path.join(migrationsDir, '0002_broken.sql'), 'CREATE TABLE b (id INTEGER); INSERT INTO nowhere VALUES (1);')
    const db = openDatabase(tempDir())
    expect(() => migrate(db, readMigrations(migrationsDir))).toThrow(/nowhere/)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    expect(tables).toContain('a')
    expect(tables).not.toContain('b')
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1])
    db.close()
  })

  it('refuse a gap in the numbering, but for the start of a block of ten', () => {
    const migrationsDir = tempDir()
    fs.writeFileSync(path.join(migrationsDir, '0001_first.sql'), 'SELECT 1;')
    fs.writeFileSync(path.join(migrationsDir, '0010_block.sql'), 'SELECT 1;')
    fs.writeFileSync(path.join(migrationsDir, '0011_next.sql'), 'SELECT 1;')
    expect(readMigrations(migrationsDir).map((migration) => migration.version)).toEqual([1, 10, 11])
    fs.writeFileSync(path.join(migrationsDir, '0013_third.sql'), 'SELECT 1;')
    expect(() => readMigrations(migrationsDir)).toThrow(/out of sequence: expected number 12/)
  })

  it('take a portable file or the pair for each engine, and refuse a half pair or both kinds at once', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, '0001_first.sqlite.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);')
    fs.writeFileSync(path.join(dir, '0001_first.postgres.sql'), 'CREATE TABLE a (id BIGSERIAL PRIMARY KEY);')
    fs.writeFileSync(path.join(dir, '0002_second.sql'), 'CREATE INDEX a_id ON a (id);')
    expect(readFor('sqlite', dir).map((m) => [m.version, m.name])).toEqual([[1, '0001_first.sqlite.sql'], [2, '0002_second.sql']])
    expect(readFor('postgres', dir).map((m) => [m.version, m.name])).toEqual([[1, '0001_first.postgres.sql'], [2, '0002_second.sql']])
    fs.writeFileSync(path.join(dir, '0003_third.sqlite.sql'), 'SELECT 1;')
    expect(() => readFor('postgres', dir)).toThrow(/0003_third.sqlite.sql has no twin/)
    fs.writeFileSync(path.join(dir, '0003_third.sql'), 'SELECT 1;')
    expect(() => readFor('sqlite', dir)).toThrow(/both portable .* and engine-specific/)
  })

  it('every version in the repository reads on both engines, with the same names apart from the engine', () => {
    const strip = (name: string) => name.replace(/\.(sqlite|postgres)\.sql$/, '.sql')
    expect(readFor('postgres').map((m) => strip(m.name))).toEqual(readFor('sqlite').map((m) => strip(m.name)))
  })

  it('move a deployment made before the pairs forward without loss: versions recorded under the old names are not applied again', () => {
    // Today's files under the names a deployment recorded them by (0001_users_and_sign_in.sql...).
    const before = tempDir()
    const all = readMigrations()
    for (const m of all.slice(0, 8)) fs.writeFileSync(path.join(before, m.name.replace('.sqlite.sql', '.sql')), m.sql)
    const db = openDatabase(tempDir())
    expect(migrate(db, readMigrations(before))).toHaveLength(8)
    const userId = Number(db.prepare("INSERT INTO users (email, daily_goal_minutes, created_at) VALUES ('old@example.com', 20, '2025-01-05T08:00:00.000Z')").run().lastInsertRowid)
    db.prepare("INSERT INTO daily_totals (user_id, day, watch_seconds, goal_minutes) VALUES (?, '2025-03-01', 600, 20)").run(userId)
    db.prepare("INSERT INTO waitlist (email, created_at) VALUES ('hopeful@example.com', '2025-01-01T00:00:00.000Z')").run()
    db.prepare("INSERT INTO user_feedbacks (user_id, feedback, created_at) VALUES (?, 'Kept through the move', '2025-01-02')").run(userId)

    expect(migrate(db)).toEqual(all.slice(8).map((m) => m.name))
    expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual([
      ...all.slice(0, 8).map((m) => ({ version: m.version, name: m.name.replace('.sqlite.sql', '.sql') })),
      ...all.slice(8).map((m) => ({ version: m.version, name: m.name })),
    ])
    expect(db.prepare('SELECT email, daily_goal_minutes FROM users').all()).toEqual([{ email: 'old@example.com', daily_goal_minutes: 20 }])
    expect(db.prepare('SELECT watch_seconds FROM daily_totals').pluck().all()).toEqual([600])
    expect(db.prepare('SELECT email FROM waitlist').pluck().all()).toEqual(['hopeful@example.com'])
    expect(db.prepare("SELECT rowid FROM feedback_search WHERE feedback_search MATCH ?").pluck().all(`"the move"`)).toHaveLength(1)
    expect(db.prepare('SELECT day, goal_minutes FROM daily_goal_changes').all()).toEqual([{ day: '2025-03-01', goal_minutes: 20 }])
    expect(migrate(db)).toEqual([])
    db.close()
  })
})

describe('0060: Cantonese tracks', () => {
  it("keeps every track, cue, search entry and word count, and takes a yue track", () => {
    const db = openDatabase(tempDir())
    const all = readMigrations()
    migrate(db, all.slice(0, all.findIndex((m) => m.name.startsWith('0060_'))))
    const user = Number(db.prepare("INSERT INTO users (email, created_at) VALUES ('c@example.com', '2026-01-01')").run().lastInsertRowid)
    const submission = (language: string) =>
      Number(db.prepare("INSERT INTO submissions (user_id, title, proficiency_level, language_code, created_at) VALUES (?, 't', 'beginner', ?, '2026-01-01')").run(user, language).lastInsertRowid)
    const vi = submission('vi')
    db.prepare("INSERT INTO caption_tracks (submission_id, language, vtt, cue_count, duration_seconds, updated_at, lexicon_version) VALUES (?, 'vi', 'WEBVTT', 1, 2, '2026-01-01', 3)").run(vi)
    db.prepare("INSERT INTO caption_cues (id, submission_id, language, start_seconds, end_seconds, text, tokens) VALUES (7, ?, 'vi', 0, 2, 'xin chào bạn', '[]')").run(vi)
    db.prepare("INSERT INTO track_words (submission_id, language, key, count, preview_count) VALUES (?, 'vi', 'bạn', 1, 1)").run(vi)

    // Up to 0060 alone: from 0070 on (caption generations) cues belong to the submission, and the service removes them.
    migrate(db, all.slice(0, all.findIndex((m) => m.name.startsWith('0070_'))))
    expect(db.prepare('SELECT submission_id, language, lexicon_version FROM caption_tracks').all()).toEqual([{ submission_id: vi, language: 'vi', lexicon_version: 3 }])
    expect(db.prepare('SELECT id, text, tokens FROM caption_cues').all()).toEqual([{ id: 7, text: 'xin chào bạn', tokens: '[]' }])
    expect(db.prepare("SELECT rowid FROM caption_cues_search WHERE caption_cues_search MATCH 'chào'").pluck().all()).toEqual([7])
    expect(db.prepare('SELECT key FROM track_words').pluck().all()).toEqual(['bạn'])

    const yue = submission('yue')
    db.prepare("INSERT INTO caption_tracks (submission_id, language, vtt, cue_count, duration_seconds, updated_at) VALUES (?, 'yue', 'WEBVTT', 0, 0, '2026-01-01')").run(yue)
    // The cascades still run from the new table: a removed track takes its cues and counts.
    db.prepare('DELETE FROM caption_tracks WHERE submission_id = ?').run(vi)
    expect(db.prepare('SELECT count(*) FROM caption_cues').pluck().get()).toBe(0)
    expect(db.prepare('SELECT count(*) FROM track_words').pluck().get()).toBe(0)
    db.close()
  })
})
