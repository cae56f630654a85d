/**
 * A throwaway PostgreSQL for `npm run bench`: the test harness's server (test-support/postgres-server.ts)
 * started with PostgreSQL's DEFAULT durability settings (fsync, synchronous_commit and
 * full_page_writes on: every commit waits for its WAL flush), not the tests' fsync=off, so its numbers
 * are what a real deployment pays. `describe()` says so in the output, reading the settings back from
 * the server rather than assuming them.
 *
 * Also the PostgreSQL twin of raw-watch-events.ts: the baseline for the watch-event ingest once the
 * ingest runs on PostgreSQL (issue 16; printed, not yet compared with the app).
 */
import pg from 'pg'
import { createPool } from '../../sync-server/src/db/dialect/postgres.ts'
import { migratePostgres } from '../../sync-server/src/db/migrate.ts'
import { createDatabase, postgresBinDir, startPostgres, type PostgresServer } from '../../sync-server/test-support/postgres-server.ts'
import type { WatchEventRow } from './raw-watch-events.ts'

export interface BenchPostgres {
  adminUrl: string
  /** A fresh empty database on this server; `drop()` removes it. */
  createDatabase(): Promise<{ url: string; drop(): Promise<void> }>
  /** "PostgreSQL 15.8, default durability (fsync=on, synchronous_commit=on, full_page_writes=on)". */
  describe(): Promise<string>
  stop(): void
}

/** Why a PostgreSQL bench cannot run here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  return postgresBinDir() ? undefined : "PostgreSQL's binaries are missing (install Debian's postgresql package)"
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const server: PostgresServer = await startPostgres({ durability: 'default' })
  return {
    adminUrl: server.adminUrl,
    createDatabase: () => createDatabase(server.adminUrl),
    async describe() {
      const client = new pg.Client({ connectionString: server.adminUrl })
      await client.connect()
      try {
        const setting = async (name: string) => (await client.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name])).rows[0]!.setting
        const version = await setting('server_version')
        const [fsync, synchronousCommit, fullPageWrites] = [await setting('fsync'), await setting('synchronous_commit'), await setting('full_page_writes')]
        const safe = fsync === 'on' && synchronousCommit === 'on' && fullPageWrites === 'on'
        return `PostgreSQL ${version}, ${safe ? 'default durability' : 'REDUCED durability'} (fsync=${fsync}, synchronous_commit=${synchronousCommit}, full_page_writes=${fullPageWrites})`
      } finally {
        await client.end()
      }
    },
    stop: () => server.stop(),
  }
}

const COLUMNS = ['user_id', 'client_id', 'video_id', 'position_from', 'position_to', 'watched_seconds', 'playback_rate', 'occurred_at', 'day', 'received_at']

/**
 * A fresh database of our schema with one user and one video; `insertBatch` stores a batch as one
 * multi-row INSERT (its own transaction, one WAL flush) and answers the new ids, as raw-watch-events.ts
 * does on SQLite.
 */
export async function openRawPgWatchEvents(server: BenchPostgres) {
  const database = await server.createDatabase()
  const pool = createPool(database.url, { max: 1 })
  await migratePostgres(pool)
  const now = new Date().toISOString()
  const userId = (await pool.query<{ id: number }>("INSERT INTO users (email, created_at) VALUES ('raw@example.com', $1) RETURNING id", [now])).rows[0]!.id
  const videoId = (
    await pool.query<{ id: number }>(
      `INSERT INTO videos (language_code, title, proficiency_level, access_level, duration_seconds, published_at, created_at)
       VALUES ('vi', 'Bench', 'beginner', 'free', 86400, $1, $1) RETURNING id`,
      [now],
    )
  ).rows[0]!.id
  const statements = new Map<number, string>()
  const insertOf = (rows: number) => {
    let text = statements.get(rows)
    if (!text) {
      const tuples = Array.from({ length: rows }, (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`)
      text = `INSERT INTO watch_events (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING RETURNING client_id`
      statements.set(rows, text)
    }
    return text
  }
  return {
    videoId,
    async insertBatch(events: WatchEventRow[]): Promise<string[]> {
      const values: unknown[] = []
      for (const e of events) {
        values.push(userId, e.client_id, e.video_id, e.position_from, e.position_to, e.watched_seconds, e.playback_rate, e.occurred_at, e.occurred_at.slice(0, 10), now)
      }
      const { rows } = await pool.query<{ client_id: string }>(insertOf(events.length), values)
      return rows.map((row) => row.client_id)
    },
    async close() {
      await pool.end()
      await database.drop()
    },
  }
}
