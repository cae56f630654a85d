/**
 * `npm run backup -- --to DIR` and `npm run restore -- --from DIR` (one file, the command in argv[2] of
 * the built form or the script's name): settings read as the server reads them (DATA_DIR, DATABASE_URL,
 * MEDIA_STORE and S3_*), nothing else required, so a backup can run beside a production server. See
 * backup.ts and restore.ts; docs/operations.md for how often and what to keep.
 *
 * Exit codes: 0 done; 1 refused or failed (a backup folder without manifest.json is unfinished); 2 wrong arguments.
 */
import { ConfigError, loadDataDir } from '../config.ts'
import { readStorageConfig } from '../storage/storage-config.ts'
import { backupTo, BackupRefused } from './backup.ts'
import { restoreFrom, RestoreRefused } from './restore.ts'
import { ToolMissing } from './pg-tools.ts'

const USAGE = `Usage: npm run backup -- --to DIR      (a new or empty folder)
       npm run restore -- --from DIR    (into an empty DATA_DIR, or the empty database DATABASE_URL names)

DATA_DIR, DATABASE_URL, MEDIA_STORE and S3_* are read as the server reads them.`

function valueOf(argv: string[], flag: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === flag) return argv[i + 1]
    if (argv[i]!.startsWith(`${flag}=`)) return argv[i]!.slice(flag.length + 1)
  }
  return undefined
}

function settings() {
  const dataDir = loadDataDir()
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('Invalid settings in the environment:\n  DATABASE_URL: must be a PostgreSQL URL, or unset for SQLite in DATA_DIR')
  const storage = readStorageConfig(process.env)
  if ('problems' in storage) throw new ConfigError(`Invalid settings in the environment:\n${storage.problems.join('\n')}`)
  return { dataDir, databaseUrl, storage: storage.config }
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0]
  const dir = command === 'backup' ? valueOf(argv, '--to') : command === 'restore' ? valueOf(argv, '--from') : undefined
  if (argv.includes('--help') || !dir) {
    console.error(USAGE)
    return argv.includes('--help') ? 0 : 2
  }
  try {
    const { dataDir, databaseUrl, storage } = settings()
    if (command === 'backup') {
      const manifest = await backupTo({ to: dir, dataDir, databaseUrl, storage })
      console.log(`Backed up the ${manifest.engine} database (${manifest.migrations.length} migrations) into ${dir}/${manifest.database_file}${manifest.app_secret ? ', with app-secret' : ''}.`)
      if (manifest.media.store === 'disk') {
        console.log(`Media on disk: ${manifest.media.files} files, ${manifest.media.bytes} bytes, listed in ${dir}/${manifest.media.list}; copy them too, e.g.\n  ${manifest.media.copy}`)
      } else console.log(`Media are in the bucket ${manifest.media.bucket}: not in this backup (${manifest.media.note}).`)
    } else {
      const manifest = await restoreFrom({ from: dir, dataDir, databaseUrl })
      console.log(`Restored the ${manifest.engine} backup of ${manifest.created_at} into ${databaseUrl ? 'the database DATABASE_URL names' : `${dataDir}/dehieu.sqlite`}.`)
      if (manifest.media.store === 'disk' && manifest.media.files > 0) {
        console.log(`Copy the media back into ${dataDir} before starting: ${manifest.media.folders.join(', ')} (${manifest.media.files} files, listed in ${dir}/${manifest.media.list}).`)
      }
      console.log('Start the server: it applies any newer migrations at start.')
    }
    return 0
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      return 2
    }
    if (error instanceof BackupRefused || error instanceof RestoreRefused || error instanceof ToolMissing) {
      console.error(`${command === 'backup' ? 'Backup' : 'Restore'} refused: ${error.message}`)
      return 1
    }
    console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${(error as Error).message}`)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
