/** Migrations on PostgreSQL, and the two engines side by side. Starts its own PostgreSQL unless the project provides one. */
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openTestEngine, postgresForThisFile, type TestEngine } from '../../test-support/test-databases.ts'
import { openEngine } from './engine.ts'
import { migrate, readMigrations } from './migrate.ts'
import { KEPT_TABLES, TABLES_IN_REFERENCE_ORDER } from './schema.ts'

postgresForThisFile()

const opened: TestEngine[] = []
async function open(engine: 'sqlite' | 'postgres', options: { migrated?: boolean } = {}) {
  const database = await openTestEngine(engine, options)
  opened.push(database)
  return database
}
afterEach(async () => {
  for (const database of opened.splice(0)) await database.dispose()
})

/** table → its columns, sorted, for the tables of the schema (search indexes and internals left out). */
async function columnsOf(database: TestEngine): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {}
  if (database.engine === 'sqlite') {
    const names = database.sqlite!
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%search%' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
    for (const name of names) {
      tables[name] = (database.sqlite!.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(name) as string[]).sort()
    }
  } else {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`.execute(database.db)
    for (const row of rows) (tables[row.table_name] ??= []).push(row.column_name)
    for (const name of Object.keys(tables)) tables[name].sort()
  }
  return tables
}

describe('migrations on PostgreSQL', () => {
  it('apply in order once and are recorded; a second start applies nothing', async () => {
    const database = await open('postgres', { migrated: false })
    expect(await migrate(database)).toEqual(readMigrations('postgres').map((m) => m.name))
    expect(await migrate(database)).toEqual([])
    const recorded = await database.db.selectFrom('schema_migrations').select('version').orderBy('version').execute()
    expect(recorded.map((r) => r.version)).toEqual(readMigrations('postgres').map((m) => m.version))
  })

  it('leave both engines with the same tables and columns, every table of schema.ts among them', async () => {
    const sqlite = await columnsOf(await open('sqlite'))
    const postgres = await columnsOf(await open('postgres'))
    expect(postgres).toEqual(sqlite)
    expect(Object.keys(sqlite).sort()).toEqual([...TABLES_IN_REFERENCE_ORDER, ...KEPT_TABLES, 'schema_migrations'].sort())
  })

  it('several processes starting at once on one database apply each version once, and none fails', async () => {
    const database = await open('postgres', { migrated: false })
    const starts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const engine = await openEngine({ dataDir: database.dataDir, databaseUrl: database.url })
        try {
          return await migrate(engine)
        } finally {
          await engine.close()
        }
      }),
    )
    expect(starts.flat().sort()).toEqual(readMigrations('postgres').map((m) => m.name))
    const recorded = await database.db.selectFrom('schema_migrations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(recorded.n).toBe(readMigrations('postgres').length)
  })

  it('roll a failing file back whole, leaving the ones before it in place', async () => {
    const database = await open('postgres', { migrated: false })
    const broken = [
      { version: 1, name: '0001_first.postgres.sql', sql: 'CREATE TABLE a (id BIGINT);' },
      { version: 2, name: '0002_broken.postgres.sql', sql: 'CREATE TABLE b (id BIGINT); INSERT INTO nowhere VALUES (1);' },
    ]
    await expect(migrate(database, broken)).rejects.toThrow(/nowhere/)
    const { rows } = await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(database.db)
    expect(rows.map((r) => r.tablename)).toEqual(['a', 'schema_migrations'])
  })

  it('return BIGINT ids and counts as numbers, and keep ISO strings as strings', async () => {
    const database = await open('postgres')
    const user = await database.db
      .insertInto('users')
      .values({ email: 'n@example.com', created_at: '2026-01-01T00:00:00.000Z' })
      .returning(['id', 'created_at', 'is_premium'])
      .executeTakeFirstOrThrow()
    expect(user).toEqual({ id: 1, created_at: '2026-01-01T00:00:00.000Z', is_premium: 0 })
    await database.db.insertInto('otp_codes').values({ email: 'n@example.com', code_hash: 'h', requested_ip: '::1', created_at: 1_767_225_600_000, expires_at: 1_767_226_200_000 }).execute()
    const code = await database.db.selectFrom('otp_codes').select(['id', 'expires_at']).executeTakeFirstOrThrow()
    expect(code).toEqual({ id: 1, expires_at: 1_767_226_200_000 })
  })
})
