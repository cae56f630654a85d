// Baseline of the difficulty bench: a bare Express 5 route that runs the same three queries as the
// server's list sorted by difficulty (the page, then the learner's progress and ratings of it) for a
// fixed user and answers JSON: no auth, no validation, no cursor. BENCH_DATA_DIR (SQLite, better-sqlite3
// straight) or DATABASE_URL (a pg.Pool of 10, the server's size); BENCH_USER_ID is the learner.
import express from 'express'
import { openDatabase } from '../../sync-server/src/db/connection.ts'
import { createPool } from '../../sync-server/src/db/dialect/postgres.ts'
import { LIST_PAGE_SQL, progressOfPageSql, ratingsOfPageSql } from '../lib/difficulty-list-sql.ts'

type Row = Record<string, unknown>
const userId = Number(process.env.BENCH_USER_ID)
let query: (sql: string, params: unknown[]) => Promise<Row[]>

if (process.env.DATABASE_URL) {
  const pool = createPool(process.env.DATABASE_URL)
  query = async (sql, params) => (await pool.query(sql, params)).rows as Row[]
} else {
  const db = openDatabase(process.env.BENCH_DATA_DIR!)
  const statements = new Map<string, ReturnType<typeof db.prepare>>()
  query = async (sql, params) => {
    let statement = statements.get(sql)
    if (!statement) statements.set(sql, (statement = db.prepare(sql)))
    // Numbered parameters ($1 …) bind by position when given as an object keyed 1..n.
    return statement.all(Object.fromEntries(params.map((value, i) => [i + 1, value]))) as Row[]
  }
}

const app = express()
app.get('/api/v1/languages/:code/videos', async (req, res) => {
  const rows = await query(LIST_PAGE_SQL, [req.params.code])
  const page = rows.slice(0, 50)
  const ids = page.map((row) => row.id)
  const progress = new Map((await query(progressOfPageSql(ids.length), [userId, ...ids])).map((row) => [row.video_id, row]))
  const ratings = new Map((await query(ratingsOfPageSql(ids.length), [userId, ...ids])).map((row) => [row.video_id, row.understood]))
  res.json({
    data: page.map((row) => ({ ...row, progress: progress.get(row.id) ?? null, my_rating: ratings.get(row.id) ?? null })),
    next_cursor: rows.length > 50 ? 'more' : null,
  })
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number }
  console.log(JSON.stringify({ base: `http://127.0.0.1:${address.port}/api/v1` }))
})
process.on('SIGTERM', () => {
  server.close()
  process.exit(0)
})
