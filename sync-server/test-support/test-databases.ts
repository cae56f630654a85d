/**
 * Databases for tests, on either engine. A repository test runs on both engines with
 *
 *   describeOnEachEngine((engine, database) => {
 *     it('…', async () => { await database().db.selectFrom(…)… })
 *   })
 *
 * Each call gets a fresh database migrated to the latest version (SQLite in a temp folder,
 * PostgreSQL a new database on the test server).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from 'vitest'
import { openEngine, type Engine, type EngineName } from '../src/db/engine.ts'
import { migrate } from '../src/db/migrate.ts'
import { createDatabase, startPostgres, type PostgresServer } from './postgres-server.ts'

export const ENGINES: EngineName[] = ['sqlite', 'postgres']

let ownServer: PostgresServer | undefined

/**
 * For a test file that needs PostgreSQL: call at its top. The server-postgres project provides the
 * run's server; elsewhere this starts one before the file's tests (about 1.5 s) and stops it after.
 */
export function postgresForThisFile(): void {
  beforeAll(async () => {
    if (!inject('postgresAdminUrl')) ownServer = await startPostgres()
  }, 30_000)
  afterAll(() => {
    ownServer?.stop()
    ownServer = undefined
  })
}

export function postgresAdminUrl(): string {
  const url = inject('postgresAdminUrl') ?? ownServer?.adminUrl
  if (!url) throw new Error('No PostgreSQL for this test: run it in the server-postgres project, or call postgresForThisFile() in the file.')
  return url
}

export interface TestEngine extends Engine {
  dataDir: string
  /** PostgreSQL: the database's URL. */
  url?: string
  dispose(): Promise<void>
}

/** A fresh database on that engine; `migrated: false` leaves it empty. */
export async function openTestEngine(engine: EngineName, options: { migrated?: boolean } = {}): Promise<TestEngine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-db-'))
  const database = engine === 'postgres' ? await createDatabase(postgresAdminUrl()) : undefined
  const opened = await openEngine({ dataDir, databaseUrl: database?.url })
  if (options.migrated !== false) await migrate(opened)
  return {
    ...opened,
    dataDir,
    url: database?.url,
    async dispose() {
      await opened.close()
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A describe block run once per engine (PostgreSQL started for the file when the run provides none),
 * each test on a fresh migrated database: `database()` is the current test's.
 */
export function describeOnEachEngine(body: (engine: EngineName, database: () => TestEngine) => void): void {
  postgresForThisFile()
  describe.each(ENGINES)('on %s', (engine) => {
    let current: TestEngine | undefined
    beforeEach(async () => {
      current = await openTestEngine(engine)
    })
    afterEach(async () => {
      await current?.dispose()
      current = undefined
    })
    body(engine, () => {
      if (!current) throw new Error('The test database exists only while a test runs.')
      return current
    })
  })
}
