/**
 * The catalogue sorted by the learners' difficulty (issue 20) over 5,000 videos and 1,000,000 ratings:
 * GET /languages/vi/videos?sort=difficulty at 10 connections on the real server, goal p99 < 25 ms,
 * against a bare Express route running the same three queries (the page, the learner's progress and
 * ratings of it; bench/servers/bare-express-difficulty.ts) in the same run. On SQLite, then on
 * PostgreSQL (default durability) when its binaries are installed.
 *
 * Seeded straight in SQL (the same statements on both engines): 5,000 published videos (a tenth in
 * series), 200 raters who each rated every video (1,000,000 rows of video_ratings, evidence spread
 * around a per-video difficulty), then each video's count, evidence sum and score from those rows by
 * the service's own formula. The bench learner rated every video and has progress on a fifth, so each
 * card carries my_rating and some a progress.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { createPool } from '../sync-server/src/db/dialect/postgres.ts'
import { migratePostgres, migrateSqlite } from '../sync-server/src/db/migrate.ts'
import type { ProficiencyLevel } from '../contract/index.ts'
import { difficultyRank, difficultyScore } from '../sync-server/src/rules/difficulty.ts'
import { LIST_PAGE_SQL, progressOfPageSql, ratingsOfPageSql } from './lib/difficulty-list-sql.ts'
import { startChildServer } from './lib/child-server.ts'
import { load } from './lib/load.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

export const VIDEOS = 5_000
export const RATERS = 200
export const RATINGS = VIDEOS * RATERS
export const DIFFICULTY_GOAL_P99_MS = 25
const LEVELS: ProficiencyLevel[] = ['introductory', 'beginner', 'intermediate', 'advanced']

interface Runner {
  run(sql: string, params?: unknown[]): Promise<void>
  all<T>(sql: string, params?: unknown[]): Promise<T[]>
  transaction(work: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

function sqliteRunner(dataDir: string): Runner {
  const db = openDatabase(dataDir)
  migrateSqlite(db)
  const bind = (params: unknown[]) => Object.fromEntries(params.map((value, i) => [i + 1, value]))
  return {
    run: async (sql, params = []) => void db.prepare(sql).run(bind(params)),
    all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(bind(params)) as T[],
    async transaction(work) {
      db.exec('BEGIN')
      await work()
      db.exec('COMMIT')
    },
    close: async () => void db.close(),
  }
}

async function postgresRunner(url: string): Promise<Runner> {
  const pool = createPool(url, { max: 1 })
  await migratePostgres(pool)
  return {
    run: async (sql, params = []) => void (await pool.query(sql, params)),
    all: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async transaction(work) {
      await pool.query('BEGIN')
      await work()
      await pool.query('COMMIT')
    },
    close: () => pool.end(),
  }
}

/** Clamps an SQL integer expression to 1..100 with CASE (SQLite's MIN/MAX and PostgreSQL's LEAST/GREATEST differ). */
const clamp = (expression: string) => `CASE WHEN ${expression} < 1 THEN 1 WHEN ${expression} > 100 THEN 100 ELSE ${expression} END`

async function seed(db: Runner): Promise<{ seedMs: number }> {
  const started = performance.now()
  const base = Date.UTC(2025, 0, 1)
  const iso = (ms: number) => new Date(ms).toISOString()
  await db.transaction(async () => {
    for (let s = 1; s <= 10; s++) await db.run(`INSERT INTO series (language_code, name, description, created_at) VALUES ('vi', $1, '', $2)`, [`Series ${s}`, iso(base)])
    const seriesIds = (await db.all<{ id: number }>('SELECT id FROM series ORDER BY id')).map((row) => row.id)
    for (let from = 0; from < VIDEOS; from += 500) {
      const values: unknown[] = []
      const tuples: string[] = []
      for (let i = from; i < Math.min(VIDEOS, from + 500); i++) {
        const inSeries = i % 10 === 0
        const at = iso(base + i * 600_000)
        const p = values.length
        tuples.push(`('vi', $${p + 1}, '', $${p + 2}, 'free', 300, $${p + 3}, $${p + 3}, $${p + 4}, $${p + 5})`)
        values.push(`Video ${i}`, LEVELS[i % 4], at, inSeries ? seriesIds[(i / 10) % 10] : null, inSeries ? Math.floor(i / 100) + 1 : null)
      }
      await db.run(
        `INSERT INTO videos (language_code, title, description, proficiency_level, access_level, duration_seconds, published_at, created_at, series_id, episode_number) VALUES ${tuples.join(', ')}`,
        values,
      )
    }
    const raters = Array.from({ length: RATERS }, (_, i) => `('rater${i}@example.com', '${iso(base)}')`)
    await db.run(`INSERT INTO users (email, created_at) VALUES ${raters.join(', ')}`)
  })
  // Every rater rated every video: evidence spread ±10 around a per-video difficulty.
  const evidence = clamp(`(1 + (v.id * 37) % 100 + (u.id * 13 + v.id * 7) % 21 - 10)`)
  await db.run(
    `INSERT INTO video_ratings (user_id, video_id, client_id, understood, occurred_at, rater_input_seconds, evidence, received_at)
     SELECT u.id, v.id, 'r' || u.id || '-' || v.id, 1 + (u.id * 7 + v.id * 3) % 5, $1, u.id * 3600, ${evidence}, $1
     FROM users AS u CROSS JOIN videos AS v WHERE u.email LIKE 'rater%'`,
    [iso(base + 86_400_000)],
  )
  // Each video's sums and score, by the service's formula.
  const sums = await db.all<{ id: number; level: ProficiencyLevel; n: number; total: number }>(
    `SELECT v.id, v.proficiency_level AS level, COUNT(*) AS n, SUM(r.evidence) AS total FROM videos AS v JOIN video_ratings AS r ON r.video_id = v.id GROUP BY v.id, v.proficiency_level`,
  )
  await db.transaction(async () => {
    for (const row of sums) {
      const score = difficultyScore({ level: row.level, count: Number(row.n), evidenceSum: Number(row.total) })
      await db.run('UPDATE videos SET rating_count = $1, rating_evidence_sum = $2, difficulty = $3, difficulty_rank = $4 WHERE id = $5', [Number(row.n), Number(row.total), score, difficultyRank(score), row.id])
    }
  })
  return { seedMs: performance.now() - started }
}

/** The bench learner (app-server.ts makes bench@example.com) rated every video and watched a fifth. */
async function giveLearnerHistory(db: Runner): Promise<number> {
  const [{ id }] = await db.all<{ id: number }>(`SELECT id FROM users WHERE email = 'bench@example.com'`)
  const at = new Date().toISOString()
  await db.run(
    `INSERT INTO video_ratings (user_id, video_id, client_id, understood, occurred_at, rater_input_seconds, evidence, received_at)
     SELECT $1, v.id, 'b-' || v.id, 1 + v.id % 5, $2, 0, 50, $2 FROM videos AS v`,
    [id, at],
  )
  await db.run(
    `INSERT INTO video_progress (user_id, video_id, spans, covered_seconds, watch_seconds, last_position_seconds, last_watched_at)
     SELECT $1, v.id, '[[0,120]]', 120, 120, 120, $2 FROM videos AS v WHERE v.id % 5 = 0`,
    [id, at],
  )
  return id
}

export interface DifficultyListCase {
  name: string
  requestsPerSecond: number
  p99Ms: number
}

export interface DifficultyEngineResult {
  engine: string
  seedMs: number
  /** How the engine reads the page (EXPLAIN), to show it walks the difficulty index. */
  plan: string
  baseline: DifficultyListCase
  /** The three queries run back to back in the bench's own process, one connection: pages a second. */
  rawPagesPerSecond: number
  cases: DifficultyListCase[]
  goalMet: boolean
}

export interface DifficultyBenchResult {
  videos: number
  ratings: number
  sqlite: DifficultyEngineResult
  postgres: DifficultyEngineResult | { skipped: string }
}

const SORTED = '/languages/vi/videos?sort=difficulty'

async function measure(engine: string, db: Runner, env: Record<string, string>, plan: string, seedMs: number): Promise<DifficultyEngineResult> {
  const server = await startChildServer<{ base: string; token: string }>('app-server.ts', env)
  const cases: DifficultyListCase[] = []
  let userId: number
  try {
    userId = await giveLearnerHistory(db)
    const headers = { authorization: `Bearer ${server.info.token}` }
    const first = (await (await fetch(`${server.info.base}${SORTED}`, { headers })).json()) as { data: Array<{ my_rating: number | null; difficulty: number | null }>; next_cursor: string }
    if (first.data.length !== 50 || first.data.some((video) => video.my_rating === null || video.difficulty === null)) throw new Error('the page lacks scores or my ratings')
    const paths: Array<[string, string]> = [
      ['sorted by difficulty, first page', SORTED],
      ['difficulty 30..60, first page', `${SORTED}&difficulty_min=30&difficulty_max=60`],
      ['sorted, second page by cursor', `${SORTED}&cursor=${first.next_cursor}`],
    ]
    for (const [name, url] of paths) {
      const result = await load(`${server.info.base}${url}`, { headers, connections: 10, seconds: 5 })
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url} answered ${result.non2xx} errors`)
      cases.push({ name, requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms })
    }
  } finally {
    await server.stop()
  }
  const bare = await startChildServer<{ base: string }>('bare-express-difficulty.ts', { ...env, BENCH_USER_ID: String(userId) })
  let baseline: DifficultyListCase
  try {
    const result = await load(`${bare.info.base}${SORTED}`, { connections: 10, seconds: 5 })
    baseline = { name: 'bare Express, the same three queries', requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms }
  } finally {
    await bare.stop()
  }
  return { engine, seedMs, plan, baseline, rawPagesPerSecond: await rawPagesPerSecond(db, userId), cases, goalMet: cases[0]!.p99Ms < DIFFICULTY_GOAL_P99_MS }
}

/** The floor: the page's three queries with nothing around them, for 2 s after a warm-up. */
async function rawPagesPerSecond(db: Runner, userId: number): Promise<number> {
  const page = async () => {
    const ids = (await db.all<{ id: number }>(LIST_PAGE_SQL, ['vi'])).slice(0, 50).map((row) => row.id)
    await db.all(progressOfPageSql(ids.length), [userId, ...ids])
    await db.all(ratingsOfPageSql(ids.length), [userId, ...ids])
  }
  for (let i = 0; i < 50; i++) await page()
  const started = performance.now()
  let pages = 0
  while (performance.now() - started < 2000) {
    await page()
    pages++
  }
  return pages / ((performance.now() - started) / 1000)
}

export async function runDifficultyBench(): Promise<DifficultyBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-difficulty-'))
  let sqlite: DifficultyEngineResult
  try {
    const db = sqliteRunner(dataDir)
    try {
      const { seedMs } = await seed(db)
      const plan = (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${LIST_PAGE_SQL}`, ['vi'])).map((row) => row.detail).join('; ')
      sqlite = await measure('SQLite', db, { BENCH_DATA_DIR: dataDir }, plan, seedMs)
    } finally {
      await db.close()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const unavailable = postgresUnavailable()
  if (unavailable) return { videos: VIDEOS, ratings: RATINGS, sqlite, postgres: { skipped: unavailable } }
  const postgres = await startBenchPostgres()
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-difficulty-pg-'))
  try {
    const database = await postgres.createDatabase()
    const db = await postgresRunner(database.url)
    try {
      const { seedMs } = await seed(db)
      await db.run('ANALYZE')
      const plan = (await db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${LIST_PAGE_SQL}`, ['vi'])).map((row) => row['QUERY PLAN'].trim()).join('; ')
      const result = await measure(await postgres.describe(), db, { BENCH_DATA_DIR: filesDir, DATABASE_URL: database.url }, plan, seedMs)
      return { videos: VIDEOS, ratings: RATINGS, sqlite, postgres: result }
    } finally {
      await db.close()
      await database.drop()
    }
  } finally {
    postgres.stop()
    fs.rmSync(filesDir, { recursive: true, force: true })
  }
}
