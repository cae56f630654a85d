/**
 * A backup of a running deployment into a folder (`npm run backup -- --to DIR`, docs/operations.md):
 * - SQLite: a consistent snapshot through SQLite's online backup API, copied in one step, so it is the
 *   database at one instant while the server goes on writing (WAL: a reader blocks no writer); never a
 *   copy of the file, which can catch a page half-written or miss the write-ahead log. The copy is checked
 *   (`PRAGMA integrity_check`) before it counts.
 * - PostgreSQL: `pg_dump` in its custom format (one snapshot, restored with pg_restore).
 * - `app-secret` from DATA_DIR when there is one (sign-in codes in flight, media grants).
 * - Media: on disk, a list of the files under DATA_DIR (media, uploads, applications) with their sizes
 *   and the command that copies them; in a bucket, its name (the bucket keeps its own copies).
 * Every file is written under a temporary name and renamed; manifest.json is written last, so a folder
 * without one is an unfinished backup that restore refuses.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import type { StorageConfig } from '../storage/storage-config.ts'
import { connectionFor, pgTool, runTool } from './pg-tools.ts'

export const MANIFEST = 'manifest.json'
export const SQLITE_FILE = 'database.sqlite'
export const PG_FILE = 'database.pgdump'
export const MEDIA_LIST = 'media-files.txt'
const SECRET = 'app-secret'
/** The folders under DATA_DIR that hold stored files when MEDIA_STORE=disk. */
export const MEDIA_FOLDERS = ['media', 'uploads', 'applications'] as const

export interface Manifest {
  format: 'dehieu-backup'
  version: 1
  created_at: string
  engine: 'sqlite' | 'postgres'
  database_file: string
  /** The migration versions the database held (schema_migrations). */
  migrations: number[]
  app_secret: boolean
  media:
    | { store: 'disk'; data_dir: string; folders: string[]; files: number; bytes: number; list: string; copy: string }
    | { store: 's3'; bucket: string; endpoint: string | null; note: string }
}

export class BackupRefused extends Error {}

export interface BackupOptions {
  to: string
  dataDir: string
  databaseUrl: string | undefined
  storage: StorageConfig
  now?: () => Date
}

function prepareTarget(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const present = fs.readdirSync(dir)
  if (present.length > 0) throw new BackupRefused(`${dir} is not empty (${present.slice(0, 3).join(', ')}…): back up into a new folder each time`)
}

async function sqliteSnapshot(dataDir: string, target: string): Promise<number[]> {
  const file = path.join(dataDir, 'dehieu.sqlite')
  if (!fs.existsSync(file)) throw new BackupRefused(`${file} does not exist: is DATA_DIR right?`)
  const source = new Database(file, { fileMustExist: true, timeout: 5000 })
  const partial = `${target}.partial`
  try {
    // Every page in one step: the snapshot is one read transaction, never restarted by a write.
    await source.backup(partial, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  const copy = new Database(partial, { fileMustExist: true })
  try {
    const check = copy.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new Error(`the snapshot failed its integrity check: ${String(check)}`)
    // One self-contained file: no -wal beside it to forget.
    copy.pragma('journal_mode = DELETE')
    const versions = copy.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[]
    copy.close()
    fs.renameSync(partial, target)
    return versions
  } catch (error) {
    if (copy.open) copy.close()
    fs.rmSync(partial, { force: true })
    throw error
  }
}

async function postgresDump(databaseUrl: string, target: string): Promise<number[]> {
  const { url, env } = connectionFor(databaseUrl)
  const partial = `${target}.partial`
  try {
    await runTool(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`], env)
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  }
  fs.renameSync(partial, target)
  // What the dump holds, as the database said it just after (migrations run only at a start).
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const rows = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    return rows.rows.map((row) => Number(row.version))
  } finally {
    await client.end()
  }
}

function listMedia(dataDir: string, target: string) {
  const lines: string[] = []
  let bytes = 0
  const walk = (relative: string) => {
    const absolute = path.join(dataDir, relative)
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(absolute, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.join(relative, entry.name)
      if (entry.isDirectory()) walk(child)
      else if (entry.isFile()) {
        const size = fs.statSync(path.join(dataDir, child)).size
        bytes += size
        lines.push(`${size}\t${child}`)
      }
    }
  }
  for (const folder of MEDIA_FOLDERS) walk(folder)
  fs.writeFileSync(`${target}.partial`, lines.length ? `${lines.join('\n')}\n` : '')
  fs.renameSync(`${target}.partial`, target)
  return { files: lines.length, bytes }
}

export async function backupTo(options: BackupOptions): Promise<Manifest> {
  const dir = path.resolve(options.to)
  prepareTarget(dir)
  const engine = options.databaseUrl ? 'postgres' : 'sqlite'
  const databaseFile = engine === 'sqlite' ? SQLITE_FILE : PG_FILE
  const migrations = engine === 'sqlite'
    ? await sqliteSnapshot(options.dataDir, path.join(dir, SQLITE_FILE))
    : await postgresDump(options.databaseUrl!, path.join(dir, PG_FILE))
  const secretFile = path.join(options.dataDir, SECRET)
  const hasSecret = fs.existsSync(secretFile)
  if (hasSecret) fs.copyFileSync(secretFile, path.join(dir, SECRET))
  if (hasSecret) fs.chmodSync(path.join(dir, SECRET), 0o600)
  const storage = options.storage
  const media: Manifest['media'] =
    storage.kind === 'disk'
      ? {
          store: 'disk',
          data_dir: options.dataDir,
          folders: [...MEDIA_FOLDERS],
          ...listMedia(options.dataDir, path.join(dir, MEDIA_LIST)),
          list: MEDIA_LIST,
          copy: `rsync -a ${MEDIA_FOLDERS.map((folder) => path.join(options.dataDir, folder)).join(' ')} BACKUP_HOST:/backups/dehieu-media/`,
        }
      : { store: 's3', bucket: storage.bucket, endpoint: storage.endpoint ?? null, note: 'media and uploads are in the bucket: keep its versioning or replication on; this backup holds none of them' }
  const manifest: Manifest = {
    format: 'dehieu-backup',
    version: 1,
    created_at: (options.now?.() ?? new Date()).toISOString(),
    engine,
    database_file: databaseFile,
    migrations,
    app_secret: hasSecret,
    media,
  }
  const manifestFile = path.join(dir, MANIFEST)
  fs.writeFileSync(`${manifestFile}.partial`, `${JSON.stringify(manifest, null, 2)}\n`)
  fs.renameSync(`${manifestFile}.partial`, manifestFile)
  return manifest
}
