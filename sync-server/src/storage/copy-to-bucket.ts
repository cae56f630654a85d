/**
 * Copies a disk deployment's stored files into the bucket (issue 34; `media:copy -- --to s3`, see
 * media-copy-cli.ts), under the keys the S3 store uses:
 * - media: DATA_DIR/media/<media key>/** → media/<media key>/** (with each file's Content-Type and
 *   Cache-Control, as the worker stores a ladder); leftovers of interrupted transcodes (hidden
 *   `.partial-…` folders) are not media and stay behind;
 * - applications: DATA_DIR/applications/<name> → applications/<name>;
 * - uploads: finished uploads (the source a processing job reads) → uploads/<id>. An unfinished tus
 *   upload cannot become an S3 multipart upload: it is counted and left; its contributor sends it again
 *   after the switch (or finish uploads before copying).
 * Idempotent and resumable: an object already in the bucket with the file's size is not sent again,
 * so a copy stopped half-way is finished by running it again. The disk is only read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { isMediaKey, isUploadId } from './media-paths.ts'
import { contentTypeOf, ladderFileOptions } from './media-store.ts'

export interface KindReport {
  kind: 'media' | 'applications' | 'uploads'
  copied: number
  alreadyThere: number
  bytesCopied: number
  /** Uploads only: unfinished ones, left on disk. */
  skipped: number
}

function filesUnder(dir: string, relative = ''): string[] {
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    if (entry.name.startsWith('.')) return []
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) return filesUnder(dir, name)
    return entry.isFile() ? [name] : []
  })
}

export async function copyToBucket(options: {
  dataDir: string
  client: S3Client
  bucket: string
  /** Finished upload ids (from the database): only these uploads are copied. */
  finishedUploads: Set<string>
  onKind?: (report: KindReport) => void
}): Promise<KindReport[]> {
  const { client, bucket } = options

  async function sizeInBucket(key: string): Promise<number | undefined> {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
      if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return undefined
      throw error
    }
  }

  async function copy(report: KindReport, file: string, key: string, headers: { contentType?: string; cacheControl?: string }) {
    const size = fs.statSync(file).size
    if ((await sizeInBucket(key)) === size) {
      report.alreadyThere++
      return
    }
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: headers.contentType,
        CacheControl: headers.cacheControl,
      }),
    )
    report.copied++
    report.bytesCopied += size
  }

  const reports: KindReport[] = []
  const media: KindReport = { kind: 'media', copied: 0, alreadyThere: 0, bytesCopied: 0, skipped: 0 }
  const mediaRoot = path.join(options.dataDir, 'media')
  for (const relative of filesUnder(mediaRoot)) {
    const [mediaKey, ...rest] = relative.split('/')
    if (!isMediaKey(mediaKey!) || rest.length === 0) continue
    // Playlists last within the run, so a reader of the bucket that finds one finds its files.
    if (relative.endsWith('.m3u8')) continue
    await copy(media, path.join(mediaRoot, relative), `media/${relative}`, ladderFileOptions(rest.join('/')))
  }
  for (const relative of filesUnder(mediaRoot).filter((name) => name.endsWith('.m3u8'))) {
    const [mediaKey, ...rest] = relative.split('/')
    if (!isMediaKey(mediaKey!) || rest.length === 0) continue
    await copy(media, path.join(mediaRoot, relative), `media/${relative}`, ladderFileOptions(rest.join('/')))
  }
  reports.push(media)
  options.onKind?.(media)

  const applications: KindReport = { kind: 'applications', copied: 0, alreadyThere: 0, bytesCopied: 0, skipped: 0 }
  const applicationsRoot = path.join(options.dataDir, 'applications')
  for (const name of filesUnder(applicationsRoot)) {
    if (name.includes('/')) continue
    await copy(applications, path.join(applicationsRoot, name), `applications/${name}`, { contentType: contentTypeOf(name) })
  }
  reports.push(applications)
  options.onKind?.(applications)

  const uploads: KindReport = { kind: 'uploads', copied: 0, alreadyThere: 0, bytesCopied: 0, skipped: 0 }
  const uploadsRoot = path.join(options.dataDir, 'uploads')
  for (const name of filesUnder(uploadsRoot)) {
    if (!isUploadId(name)) continue // tus's `.json` sidecars are not copied: the bucket's uploads need none once finished
    if (!options.finishedUploads.has(name)) {
      uploads.skipped++
      continue
    }
    await copy(uploads, path.join(uploadsRoot, name), `uploads/${name}`, {})
  }
  reports.push(uploads)
  options.onKind?.(uploads)
  return reports
}

/** One line per kind, as the CLI prints them. */
export function reportLine(report: KindReport): string {
  const mb = (report.bytesCopied / 1024 / 1024).toFixed(1)
  const skipped = report.kind === 'uploads' && report.skipped > 0 ? `, ${report.skipped} unfinished left on disk` : ''
  return `${report.kind}: ${report.copied} copied (${mb} MB), ${report.alreadyThere} already in the bucket${skipped}`
}
