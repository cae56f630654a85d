/**
 * `npm run db:copy -- --to postgres://user:password@host:5432/database`: copies the SQLite database in
 * DATA_DIR (read as the server reads it; default ./data) into that empty PostgreSQL database. See
 * copy-to-postgres.ts for what it does, docs/operations.md for the steps around it.
 *
 * Exit codes: 0 copied; 1 refused or failed (nothing written); 2 wrong arguments.
 */
import { ConfigError, loadDataDir } from '../config.ts'
import { copyToPostgres, countLines, CopyRefused, shownUrl } from './copy-to-postgres.ts'

const USAGE = `Usage: npm run db:copy -- --to postgres://user:password@host:5432/database

Copies the SQLite database of a stopped server (DATA_DIR/dehieu.sqlite; DATA_DIR as the server reads
it, default ./data) into an empty PostgreSQL database: every row, ids and sequences kept. Migrates the
SQLite database to the current schema first (back up DATA_DIR before). Refuses a non-empty target.`

function targetFrom(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--to') return argv[i + 1]
    if (argv[i]!.startsWith('--to=')) return argv[i]!.slice('--to='.length)
  }
  return undefined
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE)
    return 0
  }
  const target = targetFrom(argv)
  if (!target || !/^postgres(ql)?:\/\//.test(target)) {
    console.error(`${target ? `--to must be a PostgreSQL URL (postgres://…), not "${target}".` : 'Name the target with --to.'}\n\n${USAGE}`)
    return 2
  }
  let dataDir: string
  try {
    dataDir = loadDataDir()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      return 2
    }
    throw error
  }
  console.log(`Copying ${dataDir}/dehieu.sqlite into ${shownUrl(target)}`)
  try {
    const report = await copyToPostgres({ dataDir, targetUrl: target })
    if (report.sourceMigrated.length) console.log(`Migrated the SQLite database first: ${report.sourceMigrated.join(', ')}`)
    const applied = report.targetMigrated.length
    console.log(applied ? `Migrated PostgreSQL to the current schema (${applied} migrations)` : 'PostgreSQL was already at the current schema')
    console.log('Rows copied, per table (one transaction):')
    for (const line of countLines(report)) console.log(line)
    const searchTables = report.skipped.filter((name) => !report.skipped.some((other) => other !== name && name.startsWith(`${other}_`)))
    if (searchTables.length) {
      console.log(`Not copied: ${searchTables.join(', ')} (SQLite search indexes and their shadow tables; PostgreSQL's trigram indexes are built from the rows)`)
    }
    console.log('Done. Set DATABASE_URL to this database and start the server.')
    return 0
  } catch (error) {
    if (error instanceof CopyRefused) {
      console.error(error.message)
      return 1
    }
    const message = (error as Error).message || String(error)
    console.error(`The copy failed: ${message}`)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
