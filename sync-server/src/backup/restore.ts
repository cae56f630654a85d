/**
 * `npm run restore -- --from DIR`: a backup (backup.ts) into a new deployment: an empty DATA_DIR (no
 * dehieu.sqlite, no app-secret that differs) or, with DATABASE_URL, an empty PostgreSQL database. It
 * refuses a folder without manifest.json (an unfinished backup), another engine's backup, and a target
 * that holds data, before writing anything. SQLite: the snapshot is copied under a temporary name and
 * renamed into place; PostgreSQL: pg_restore in one transaction, so a failure leaves the database empty.
 * Media are not copied here: on disk the manifest names the folders to copy back (media-files.txt lists
 * them); in a bucket they never left.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { MANIFEST, PG_FILE, SQLITE_FILE, type Manifest } from './backup.ts'
import { connectionFor, pgTool, runTool } from './pg-tools.ts'

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  from: string
  dataDir: string
  databaseUrl: string | undefined
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST)
  if (!fs.existsSync(file)) throw new RestoreRefused(`${dir} has no ${MANIFEST}: not a backup, or one that did not finish`)
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
  if (manifest.format !== 'dehieu-backup' || manifest.version !== 1) throw new RestoreRefused(`${file} is not a Dễ Hiểu backup this version reads`)
  if (!fs.existsSync(path.join(dir, manifest.database_file))) throw new RestoreRefused(`${manifest.database_file} is missing from ${dir}`)
  return manifest
}

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const tables = await client.query<{ count: string }>("SELECT count(*) AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
    return Number(tables.rows[0]!.count) === 0
  } finally {
    await client.end()
  }
}

/** The backup's app-secret into DATA_DIR; one already there must be the same (checked before anything is written). */
function restoreSecret(dir: string, dataDir: string, manifest: Manifest, options: { checkOnly?: boolean } = {}) {
  if (!manifest.app_secret) return
  const target = path.join(dataDir, 'app-secret')
  const kept = fs.readFileSync(path.join(dir, 'app-secret'))
  if (fs.existsSync(target)) {
    if (!fs.readFileSync(target).equals(kept)) throw new RestoreRefused(`${target} exists and differs from the backup's: restore into an empty DATA_DIR`)
    return
  }
  if (options.checkOnly) return
  fs.writeFileSync(`${target}.restoring`, kept, { mode: 0o600 })
  fs.renameSync(`${target}.restoring`, target)
}

export async function restoreFrom(options: RestoreOptions): Promise<Manifest> {
  const dir = path.resolve(options.from)
  const manifest = readManifest(dir)
  const engine = options.databaseUrl ? 'postgres' : 'sqlite'
  if (manifest.engine !== engine) {
    throw new RestoreRefused(
      `the backup is of ${manifest.engine}, and ${engine === 'postgres' ? 'DATABASE_URL names PostgreSQL' : 'DATABASE_URL is unset (SQLite)'}: restore onto the same engine (then npm run db:copy to move)`,
    )
  }
  fs.mkdirSync(options.dataDir, { recursive: true })
  if (engine === 'sqlite') {
    const target = path.join(options.dataDir, 'dehieu.sqlite')
    for (const file of [target, `${target}-wal`]) if (fs.existsSync(file)) throw new RestoreRefused(`${file} exists: restore into an empty DATA_DIR`)
    restoreSecret(dir, options.dataDir, manifest, { checkOnly: true })
    fs.copyFileSync(path.join(dir, SQLITE_FILE), `${target}.restoring`)
    const handle = fs.openSync(`${target}.restoring`, 'r+')
    fs.fsyncSync(handle)
    fs.closeSync(handle)
    fs.renameSync(`${target}.restoring`, target)
  } else {
    if (!(await postgresIsEmpty(options.databaseUrl!))) throw new RestoreRefused('the database named by DATABASE_URL holds tables: restore into an empty database (createdb)')
    restoreSecret(dir, options.dataDir, manifest, { checkOnly: true })
    const { url, env } = connectionFor(options.databaseUrl!)
    await runTool(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, path.join(dir, PG_FILE)], env)
  }
  restoreSecret(dir, options.dataDir, manifest)
  return manifest
}
