/**
 * Moving a deployment from SQLite to PostgreSQL (`npm run db:copy -- --to postgres://…`, issue 16):
 * copies the SQLite database of a stopped server (DATA_DIR/dehieu.sqlite) into an empty PostgreSQL
 * database, row for row, ids kept, and sets each identity sequence past the largest id copied.
 *
 * In order, stopping at the first refusal (CopyRefused), so that a refused copy writes nothing:
 * 1. The source must exist and have been migrated by the server (schema_migrations), by this version
 *    of the code or an older one.
 * 2. The target must be empty: no table that is not ours, and our tables (when a server already
 *    started on it) holding nothing but what the migrations themselves put in a fresh database (the
 *    languages of 0002). Checked read-only, before anything is written to either side.
 * 3. The source is migrated forward, as the server would at its next start (the operator has backed up
 *    DATA_DIR first: see docs/operations.md), so both sides are at the same schema.
 * 4. The target is migrated by our migrator, so its schema_migrations is its own.
 * 5. One PostgreSQL transaction: lock our tables, check again, remove the seeded rows, copy every
 *    table of TABLES_IN_REFERENCE_ORDER in that order in multi-row INSERTs, read from one SQLite read
 *    transaction (one snapshot), compare the counts, set the sequences, commit. All or nothing; only
 *    setval is not undone by a rollback, which leaves at most higher sequence values in an empty
 *    database.
 *
 * Derived tables are not copied: the FTS5 search tables of 0007 and their shadow tables (PostgreSQL's
 * trigram indexes are built from the rows themselves), and the word sums of 0080 (KEPT_TABLES: the
 * target's triggers fill them as track_words and word_states are copied). A table in the source that is neither copied
 * nor derived stops the copy before anything is written: it would otherwise be left behind.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type pg from 'pg'
import { openDatabase, type Db } from './connection.ts'
import { createPool } from './dialect/postgres.ts'
import { migratePostgres, migrateSqlite, readMigrations } from './migrate.ts'
import { KEPT_TABLES, TABLES_IN_REFERENCE_ORDER } from './schema.ts'

/** What the copy fills, parents before children. */
export const COPIED_TABLES: readonly string[] = TABLES_IN_REFERENCE_ORDER
/** Migrations' own bookkeeping: each side keeps its own (the target's is written by its migrator). */
const BOOKKEEPING = 'schema_migrations'
const KEPT: readonly string[] = KEPT_TABLES
const DEFAULT_BATCH_ROWS = 500
/** PostgreSQL's limit on the parameters of one statement. */
const MAX_PARAMETERS = 65_535

/** A copy that must not go ahead; nothing has been written when it is thrown. */
export class CopyRefused extends Error {}

export interface CopyReport {
  /** The SQLite file read. */
  source: string
  /** Migrations applied to the source before copying (empty when it was current). */
  sourceMigrated: string[]
  /** Migrations applied to the target (empty when a server had already migrated it). */
  targetMigrated: string[]
  /** Rows copied per table, in the order copied. */
  tables: { table: string; rows: number }[]
  /** Derived tables left out (FTS5 tables, their shadow tables, then the kept word sums). */
  skipped: string[]
}

export interface SqliteTables {
  /** Tables the copy fills. */
  copied: string[]
  /** FTS5 tables and their shadow tables (indexes, rebuilt from the rows on PostgreSQL), and KEPT_TABLES. */
  derived: string[]
  /** Ordinary tables the copy would leave behind: a table added to the schema but not to the list. */
  unknown: string[]
  /** Tables of the list the database does not hold. */
  missing: string[]
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Sorts a SQLite database's tables into what the copy fills, what it leaves out and what stops it. */
export function classifySqliteTables(db: Db): SqliteTables {
  const listed = db.prepare("SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all() as {
    name: string
    type: 'table' | 'view' | 'shadow' | 'virtual'
  }[]
  const present = new Set(listed.filter((t) => t.type === 'table').map((t) => t.name))
  const virtual = listed.filter((t) => t.type === 'virtual').map((t) => t.name).sort()
  const shadow = listed.filter((t) => t.type === 'shadow').map((t) => t.name).sort()
  return {
    copied: COPIED_TABLES.filter((table) => present.has(table)),
    derived: [...virtual, ...shadow, ...KEPT.filter((table) => present.has(table))],
    unknown: [...present].filter((table) => table !== BOOKKEEPING && !COPIED_TABLES.includes(table) && !KEPT.includes(table)).sort(),
    missing: COPIED_TABLES.filter((table) => !present.has(table)),
  }
}

/** A row as text that reads the same from either engine (numbers are numbers on both). */
function rowKey(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((column) => [column, typeof row[column] === 'bigint' ? Number(row[column]) : row[column]]),
  )
}

/** What the migrations put in a fresh database, per table (0002's languages today). */
function freshSeeds(): Map<string, Set<string>> {
  const fresh = new Database(':memory:')
  try {
    migrateSqlite(fresh)
    return new Map(
      COPIED_TABLES.map((table) => [table, new Set((fresh.prepare(`SELECT * FROM ${quote(table)}`).all() as Record<string, unknown>[]).map(rowKey))]),
    )
  } finally {
    fresh.close()
  }
}

/** Why the target is not empty, one line per reason; none when it may be filled. */
async function reasonsNotEmpty(client: pg.ClientBase, seeds: Map<string, Set<string>>): Promise<string[]> {
  const reasons: string[] = []
  const { rows: relations } = await client.query<{ table_name: string }>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
  )
  const names = relations.map((r) => r.table_name)
  for (const name of names) {
    if (name !== BOOKKEEPING && !COPIED_TABLES.includes(name) && !KEPT.includes(name)) reasons.push(`${name}: a table that is not ours`)
  }
  if (names.includes(BOOKKEEPING)) {
    const known = Math.max(0, ...readMigrations('postgres').map((migration) => migration.version))
    const { rows } = await client.query<{ newest: number | null }>(`SELECT max(version) AS newest FROM ${BOOKKEEPING}`)
    const newest = rows[0]?.newest
    if (newest !== null && newest !== undefined && newest > known) {
      reasons.push(`${BOOKKEEPING}: migrated to version ${newest}, newer than this code (${known})`)
    }
  }
  for (const table of COPIED_TABLES) {
    if (!names.includes(table)) continue
    const seeded = seeds.get(table) ?? new Set<string>()
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`)
    const count = rows[0]!.n
    if (count === 0) continue
    let extra = count
    if (count <= seeded.size) {
      const { rows: found } = await client.query<Record<string, unknown>>(`SELECT * FROM ${quote(table)}`)
      extra = found.filter((row) => !seeded.has(rowKey(row))).length
    }
    if (extra > 0) reasons.push(`${table}: ${extra} row${extra === 1 ? '' : 's'}${seeded.size ? ' beyond what the migrations seed' : ''}`)
  }
  return reasons
}

function refuseUnlessEmpty(reasons: string[]) {
  if (!reasons.length) return
  throw new CopyRefused(
    `The target database is not empty, so nothing was copied and nothing was written:\n${reasons.map((r) => `  - ${r}`).join('\n')}\n` +
      'db:copy fills only an empty database: create a new one (CREATE DATABASE …) and name it in --to.',
  )
}

/** The source's migration state: refused when the server never migrated it, or a newer code did. */
function checkSourceVersion(source: Db, file: string) {
  const hasBookkeeping = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(BOOKKEEPING)
  if (!hasBookkeeping) {
    throw new CopyRefused(`${file} has no ${BOOKKEEPING} table: it is not a database this server has started on. Nothing was written.`)
  }
  const newest = source.prepare(`SELECT max(version) FROM ${BOOKKEEPING}`).pluck().get() as number | null
  const known = Math.max(0, ...readMigrations('sqlite').map((migration) => migration.version))
  if (newest !== null && newest > known) {
    throw new CopyRefused(`${file} is at migration ${newest}, newer than this code (${known}): run db:copy from the version of the code that last ran on it. Nothing was written.`)
  }
}

async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    return await work(client)
  } finally {
    client.release()
  }
}

/** Copies one table in multi-row INSERTs; answers the rows copied. */
async function copyTable(source: Db, client: pg.ClientBase, table: string, batchRows: number): Promise<number> {
  const columns = source.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]
  const { rows: targetColumns } = await client.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  )
  const theirs = targetColumns.map((c) => c.column_name).sort()
  if (JSON.stringify(theirs) !== JSON.stringify([...columns].sort())) {
    throw new CopyRefused(
      `${table} has other columns on the two sides (SQLite: ${[...columns].sort().join(', ')}; PostgreSQL: ${theirs.join(', ')}): the migrations disagree. Nothing was written.`,
    )
  }
  const list = columns.map(quote).join(', ')
  const perStatement = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)))
  const statements = new Map<number, string>()
  const insertOf = (rows: number) => {
    let text = statements.get(rows)
    if (!text) {
      const tuples = Array.from({ length: rows }, (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      text = `INSERT INTO ${quote(table)} (${list}) VALUES ${tuples.join(', ')}`
      statements.set(rows, text)
    }
    return text
  }
  // Integers as BigInt, so ids and epoch ms go across exactly whatever their size (pg sends their text).
  const select = source.prepare(`SELECT ${list} FROM ${quote(table)}`).raw(true).safeIntegers(true)
  let copied = 0
  let batch: unknown[] = []
  const flush = async () => {
    if (!batch.length) return
    const rows = batch.length / columns.length
    await client.query(insertOf(rows), batch)
    copied += rows
    batch = []
  }
  try {
    for (const row of select.iterate() as IterableIterator<unknown[]>) {
      batch.push(...row)
      if (batch.length === perStatement * columns.length) await flush()
    }
    await flush()
  } catch (error) {
    if (error instanceof CopyRefused) throw error
    throw new Error(`Copying ${table} failed after ${copied} rows: ${(error as Error).message}. Nothing was written (the transaction was rolled back).`, { cause: error })
  }
  return copied
}

/** Each identity (or serial) column's sequence set so that the next id is past the largest copied. */
async function advanceSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ table_name: string; column_name: string; sequence: string }>(
    `SELECT table_name, column_name, sequence FROM (
       SELECT table_name, column_name,
              pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) AS sequence
       FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = ANY($1)
     ) AS found
     WHERE sequence IS NOT NULL`,
    [COPIED_TABLES],
  )
  for (const { table_name, column_name, sequence } of rows) {
    await client.query(
      `SELECT setval($1, GREATEST((SELECT COALESCE(max(${quote(column_name)}), 0) FROM ${quote(table_name)}) + 1, 1), false)`,
      [sequence],
    )
  }
}

export async function copyToPostgres(options: { dataDir: string; targetUrl: string; batchRows?: number }): Promise<CopyReport> {
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS
  const file = path.join(options.dataDir, 'dehieu.sqlite')
  if (!fs.existsSync(file)) {
    throw new CopyRefused(
      `There is no SQLite database at ${file}. DATA_DIR must name the folder the server ran with (now ${options.dataDir}). Nothing was written.`,
    )
  }
  const source = openDatabase(options.dataDir)
  const pool = createPool(options.targetUrl, { max: 2 })
  try {
    checkSourceVersion(source, file)
    const seeds = freshSeeds()
    refuseUnlessEmpty(await withClient(pool, (client) => reasonsNotEmpty(client, seeds)))

    const sourceMigrated = migrateSqlite(source)
    const tables = classifySqliteTables(source)
    if (tables.unknown.length || tables.missing.length) {
      throw new CopyRefused(
        `The copy does not know every table of ${file}` +
          (tables.unknown.length ? `; it would leave behind: ${tables.unknown.join(', ')}` : '') +
          (tables.missing.length ? `; it lacks: ${tables.missing.join(', ')}` : '') +
          ' (TABLES_IN_REFERENCE_ORDER in sync-server/src/db/schema.ts lists what is copied). Nothing was written to PostgreSQL.',
      )
    }
    const targetMigrated = await migratePostgres(pool)

    const counts = await withClient(pool, async (client) => {
      await client.query('BEGIN')
      try {
        // Nothing else writes these tables until the copy commits (a server started early waits).
        await client.query(`LOCK TABLE ${COPIED_TABLES.map(quote).join(', ')} IN ACCESS EXCLUSIVE MODE`)
        refuseUnlessEmpty(await reasonsNotEmpty(client, seeds))
        // Only seeded rows are left (checked above); the source's own rows replace them.
        for (const table of [...COPIED_TABLES].reverse()) await client.query(`DELETE FROM ${quote(table)}`)
        const copied: { table: string; rows: number }[] = []
        // One read transaction: every table comes from the same snapshot of the source.
        source.exec('BEGIN')
        try {
          for (const table of COPIED_TABLES) copied.push({ table, rows: await copyTable(source, client, table, batchRows) })
        } finally {
          source.exec('COMMIT')
        }
        for (const { table, rows } of copied) {
          const { rows: found } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`)
          if (found[0]!.n !== rows) throw new Error(`${table}: ${rows} rows copied but ${found[0]!.n} found. Nothing was written (the transaction was rolled back).`)
        }
        await advanceSequences(client)
        await client.query('COMMIT')
        return copied
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      }
    })
    return { source: file, sourceMigrated, targetMigrated, tables: counts, skipped: tables.derived }
  } finally {
    source.close()
    await pool.end()
  }
}

/** The per-table lines the command prints: the name, then the count, aligned. */
export function countLines(report: CopyReport): string[] {
  const width = Math.max(...report.tables.map((t) => t.table.length))
  return report.tables.map(({ table, rows }) => `${table.padEnd(width)}  ${rows}`)
}

/** The URL as it may be printed: the password hidden. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an unreadable URL)'
  }
}
