/**
 * `npm run media:copy -- --to s3`: copies a disk deployment's stored files (DATA_DIR as the server
 * reads it) into the bucket the S3_* settings name (S3_ENDPOINT, S3_BUCKET, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), creating it when missing. What is copied and how a stopped
 * copy resumes: copy-to-bucket.ts; the steps around it: docs/operations.md.
 *
 * Exit codes: 0 copied; 1 failed (run it again: it resumes); 2 wrong arguments or settings.
 */
import { S3Client } from '@aws-sdk/client-s3'
import { ConfigError, loadDataDir } from '../config.ts'
import { openEngine } from '../db/engine.ts'
import { copyToBucket, reportLine } from './copy-to-bucket.ts'
import { prepareBucket, s3ClientConfig } from './s3-store.ts'
import { readStorageConfig } from './storage-config.ts'

const USAGE = `Usage: npm run media:copy -- --to s3

Copies the media, application videos and finished uploads in DATA_DIR (default ./data) into the
bucket named by S3_BUCKET at S3_ENDPOINT (with S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY),
under the keys MEDIA_STORE=s3 reads. Safe to run again: what is already in the bucket is not sent
again, so a stopped copy resumes. The disk is only read. Reads DATABASE_URL (or the SQLite database in
DATA_DIR) to tell finished uploads from unfinished ones.`

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE)
    return 0
  }
  const to = argv.indexOf('--to') >= 0 ? argv[argv.indexOf('--to') + 1] : argv.find((arg) => arg.startsWith('--to='))?.slice(5)
  if (to !== 's3') {
    console.error(`${to ? `--to must be s3, not "${to}".` : 'Name the target with --to s3.'}\n\n${USAGE}`)
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
  const storage = readStorageConfig({ ...process.env, MEDIA_STORE: 's3' })
  if ('problems' in storage || storage.config.kind !== 's3') {
    console.error(`Invalid settings in the environment:\n${'problems' in storage ? storage.problems.join('\n') : ''}\n\n${USAGE}`)
    return 2
  }
  const settings = storage.config
  const client = new S3Client(s3ClientConfig(settings))
  const database = await openEngine({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined })
  try {
    const finished = await database.db
      .selectFrom('submissions')
      .select('upload_id')
      .where('upload_state', '=', 'complete')
      .where('upload_id', 'is not', null)
      .execute()
    await prepareBucket(client, settings.bucket, (message) => console.warn(`Note: ${message}`), { mediaOriginPublic: settings.mediaOriginPublic })
    console.log(`Copying ${dataDir} into the bucket ${settings.bucket} at ${settings.endpoint ?? 'AWS S3'}`)
    await copyToBucket({
      dataDir,
      client,
      bucket: settings.bucket,
      finishedUploads: new Set(finished.map((row) => row.upload_id!)),
      onKind: (report) => console.log(reportLine(report)),
    })
    console.log('Done. Set MEDIA_STORE=s3 and the S3_* settings on every process, and restart them.')
    return 0
  } catch (error) {
    console.error(`The copy failed (run it again to resume): ${(error as Error).message || String(error)}`)
    return 1
  } finally {
    await database.close()
    client.destroy()
  }
}

process.exitCode = await main(process.argv.slice(2))
