/**
 * Opening the database: SQLite in DATA_DIR when DATABASE_URL is unset, PostgreSQL when it names one.
 * Everything above this file sees the same `Kysely<Database>`; what differs between the engines lives
 * in `dialect/` (one module per concern).
 */
import { Kysely } from 'kysely'
import type pg from 'pg'
import { openDatabase, type Db } from './connection.ts'
import { createPool, postgresDialect } from './dialect/postgres.ts'
import { sqliteDialect } from './dialect/sqlite.ts'
import type { Database } from './schema.ts'

export type EngineName = 'sqlite' | 'postgres'

export interface Engine {
  engine: EngineName
  db: Kysely<Database>
  /**
   * SQLite only: the better-sqlite3 handle of DATA_DIR/dehieu.sqlite under `db`, for the SQLite dialect
   * modules (the hot-path reads, the ingest's worker thread). On PostgreSQL nothing opens a SQLite file.
   */
  sqlite?: Db
  /** PostgreSQL only: the pool under `db` (migrations run on one of its clients). */
  pool?: pg.Pool
  close(): Promise<void>
}

export async function openEngine(options: { dataDir: string; databaseUrl?: string }): Promise<Engine> {
  if (!options.databaseUrl) {
    const sqlite = openDatabase(options.dataDir)
    const db = new Kysely<Database>({ dialect: sqliteDialect(sqlite) })
    const close = async () => {
      await db.destroy()
      // Kysely closes the handle only once it has run a query.
      if (sqlite.open) sqlite.close()
    }
    return { engine: 'sqlite', db, sqlite, close }
  }
  const pool = createPool(options.databaseUrl)
  const db = new Kysely<Database>({ dialect: postgresDialect(pool) })
  return {
    engine: 'postgres',
    db,
    pool,
    async close() {
      await db.destroy()
      // Kysely ends the pool only if it ran a query; migrations use the pool directly.
      if (!pool.ended) await pool.end()
    },
  }
}
