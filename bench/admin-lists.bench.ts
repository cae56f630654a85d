/**
 * Admin tables at 100,000 rows: GET /admin/users, /admin/feedback and /admin/videos (first page, a
 * later page by cursor, searches, filters) on the real server (SQLite), against the same SQL run on raw
 * better-sqlite3 in this process. The goal is that lists stay fast (p99 well under 50 ms).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { migrateSqlite } from '../sync-server/src/db/migrate.ts'
import { startChildServer } from './lib/child-server.ts'
import { load } from './lib/load.ts'

const ROWS = 100_000

export interface AdminListsResult {
  rows: number
  lists: Array<{ name: string; requestsPerSecond: number; p99Ms: number; rawQueriesPerSecond: number }>
}

function seed(dataDir: string) {
  const db = openDatabase(dataDir)
  migrateSqlite(db)
  const base = Date.UTC(2025, 0, 1)
  const insertUser = db.prepare('INSERT INTO users (email, display_name, created_at) VALUES (?, ?, ?)')
  const insertFeedback = db.prepare('INSERT INTO user_feedbacks (user_id, feedback, environment_data, created_at) VALUES (?, ?, ?, ?)')
  const insertVideo = db.prepare(
    `INSERT INTO videos (language_code, title, proficiency_level, access_level, duration_seconds, published_at, created_at)
     VALUES ('vi', ?, 'beginner', ?, 300, ?, ?)`,
  )
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const at = new Date(base + i * 60_000).toISOString()
      const id = Number(insertUser.run(`learner${i}@example.com`, i % 3 ? `Learner ${i}` : null, at).lastInsertRowid)
      insertFeedback.run(id, `Feedback number ${i} about the player and the subtitles`, '{"userAgent":"bench"}', at)
      insertVideo.run(`Video ${i}: chợ, phở và cà phê`, ['free', 'premium', 'preview'][i % 3], at, at)
    }
  })()
  db.close()
}

function rawRate(dataDir: string, sql: string, params: unknown[]): number {
  const db = openDatabase(dataDir)
  try {
    const statement = db.prepare(sql)
    for (let i = 0; i < 50; i++) statement.all(...params)
    const started = performance.now()
    let n = 0
    while (performance.now() - started < 2000) {
      statement.all(...params)
      n++
    }
    return n / ((performance.now() - started) / 1000)
  } finally {
    db.close()
  }
}

export async function runAdminListsBench(): Promise<AdminListsResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-admin-'))
  try {
    seed(dataDir)
    const cases = [
      {
        name: 'users, first page',
        path: '/admin/users?limit=50',
        sql: 'SELECT * FROM users ORDER BY created_at DESC, id DESC LIMIT 51',
        params: [],
      },
      {
        name: 'users, search by e-mail',
        path: '/admin/users?q=learner4242&limit=50',
        sql: 'SELECT * FROM users WHERE id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?) ORDER BY created_at DESC, id DESC LIMIT 51',
        params: ['"learner4242"'],
      },
      {
        name: 'feedback, last 30 days',
        path: '/admin/feedback?range=30d&limit=50',
        sql: `SELECT f.*, u.email FROM user_feedbacks f JOIN users u ON u.id = f.user_id WHERE f.created_at >= ? ORDER BY f.created_at DESC, f.id DESC LIMIT 51`,
        params: [new Date(Date.now() - 30 * 86_400_000).toISOString()],
      },
      {
        name: 'feedback, search',
        path: '/admin/feedback?q=4242&limit=50',
        sql: `SELECT f.*, u.email FROM user_feedbacks f JOIN users u ON u.id = f.user_id
          WHERE (f.id IN (SELECT rowid FROM feedback_search WHERE feedback_search MATCH ?) OR f.user_id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?))
          ORDER BY f.created_at DESC, f.id DESC LIMIT 51`,
        params: ['"4242"', '{email} : "4242"'],
      },
      {
        name: 'videos, search without accents',
        path: '/admin/videos?q=4242%3A%20cho&limit=50',
        sql: 'SELECT * FROM videos WHERE id IN (SELECT rowid FROM videos_search WHERE videos_search MATCH ?) ORDER BY created_at DESC, id DESC LIMIT 51',
        params: ['"4242: cho"'],
      },
      {
        name: 'videos, premium filter',
        path: '/admin/videos?access=premium&limit=50',
        sql: "SELECT * FROM videos WHERE access_level = 'premium' ORDER BY created_at DESC, id DESC LIMIT 51",
        params: [],
      },
    ]
    const server = await startChildServer<{ base: string; token: string }>('app-server.ts', { BENCH_DATA_DIR: dataDir, BENCH_ADMIN: '1' })
    const lists: AdminListsResult['lists'] = []
    try {
      // A later page too: follow the cursor of the first page once, to prove keyset paging holds up.
      const first = (await (await fetch(`${server.info.base}/admin/users?limit=50`, { headers: { authorization: `Bearer ${server.info.token}` } })).json()) as { next_cursor: string }
      cases.splice(1, 0, {
        name: 'users, second page by cursor',
        path: `/admin/users?limit=50&cursor=${first.next_cursor}`,
        sql: cases[0].sql,
        params: [],
      })
      for (const item of cases) {
        const result = await load(`${server.info.base}${item.path}`, { headers: { authorization: `Bearer ${server.info.token}` }, connections: 10, seconds: 5 })
        if (result.non2xx > 0) throw new Error(`${item.path} answered ${result.non2xx} errors`)
        lists.push({ name: item.name, requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, rawQueriesPerSecond: 0 })
      }
    } finally {
      await server.stop()
    }
    cases.forEach((item, i) => (lists[i].rawQueriesPerSecond = rawRate(dataDir, item.sql, item.params)))
    return { rows: ROWS, lists }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
