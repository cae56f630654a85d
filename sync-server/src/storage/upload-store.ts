/**
 * Where tus keeps uploads, and what the rest of the server may do with them (issue 34):
 * - disk: @tus/file-store in DATA_DIR/uploads (`<id>` and `<id>.json`), as before;
 * - s3: @tus/s3-store in the bucket under `uploads/` (`uploads/<id>`: a multipart upload until it
 *   finishes, then the object; `uploads/<id>.info`; `uploads/<id>.part` for a tail shorter than a part).
 *   Its offset comes from ListParts and the `.part`, so any API process can resume an upload another
 *   started, and a process killed mid-PATCH loses only bytes it had not acknowledged (tus-s3-store.ts).
 *   An upload whose every byte is stored but whose object was never assembled (a process killed before
 *   CompleteMultipartUpload) is completed when HEAD or PATCH finds it, or by `completeStored`.
 * The uploads service and the processing job go through this: they never see which one it is.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  type Part,
} from '@aws-sdk/client-s3'
import { FileStore } from '@tus/file-store'
import type { DataStore, Upload } from '@tus/server'
import { isUploadId, uploadFiles, uploadsDir } from './media-paths.ts'
import { s3ClientConfig, type S3Settings } from './s3-store.ts'
import { consecutiveParts, DurableS3Store, tailFits } from './tus-s3-store.ts'

/** What tus tells us about an upload's life (the uploads service). */
export interface UploadBinding {
  created(submissionId: number, uploadId: string, size: number | null): Promise<void>
  /**
   * The upload was found whole outside the PATCH that finished it (S3: completed when HEAD or PATCH found
   * every byte stored, the PATCH's process having died first). May come more than once, and beside tus's
   * own finish hook: it must be idempotent.
   */
  finished(uploadId: string, size: number): Promise<void>
  terminated(uploadId: string): Promise<void>
}

export interface UploadStore {
  readonly kind: 'disk' | 's3'
  /** The tus datastore, telling `binding` about uploads created and terminated. */
  datastore(binding: UploadBinding): DataStore
  /** Bytes received so far, and when the last of them landed; undefined when there is no such upload. */
  progress(uploadId: string): Promise<{ bytes: number; lastWriteMs: number } | undefined>
  /**
   * Whether the upload holds its `size` bytes as one finished file or object now. On S3 an upload whose
   * every byte is stored in parts while its multipart upload is still open (a process killed before
   * CompleteMultipartUpload) is completed first; idempotent, so processes may do it at once.
   */
  completeStored(uploadId: string, size: number): Promise<boolean>
  /** The finished upload as a local file for ffmpeg: on disk the file itself; on S3 a copy into `scratchDir`. */
  localCopy(uploadId: string, scratchDir: string): Promise<string | undefined>
  /** Stores a local file as a finished upload (the demo seed; media:copy), moving it in. */
  importFile(uploadId: string, file: string): Promise<void>
  /** Removes an upload whatever its state (an unfinished multipart upload is aborted). */
  remove(uploadId: string): Promise<void>
  /** Ids of every upload stored, with when it was last written (for the orphan sweep). */
  list(): AsyncIterable<{ uploadId: string; modifiedMs: number }>
  /** S3: multipart uploads begun before `cutoffMs` whose id `keep` refuses are aborted; returns how many. */
  abortAbandoned(cutoffMs: number, keep: (uploadId: string) => Promise<boolean>): Promise<number>
}

/** tus's FileStore, telling the uploads service about a new upload once its file exists, and about a terminated one once its files are gone. */
class BindingFileStore extends FileStore {
  readonly #binding: UploadBinding
  constructor(directory: string, binding: UploadBinding) {
    super({ directory })
    this.#binding = binding
  }
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload)
    await this.#binding.created(Number(upload.metadata?.submission_id), upload.id, upload.size ?? null)
    return created
  }
  override async remove(id: string): Promise<void> {
    await super.remove(id)
    await this.#binding.terminated(id)
  }
}

export function createDiskUploadStore(dataDir: string): UploadStore {
  const removeFiles = (uploadId: string) => {
    const files = uploadFiles(dataDir, uploadId)
    fs.rmSync(files.data, { force: true })
    fs.rmSync(files.info, { force: true })
  }
  const progress = async (uploadId: string) => {
    try {
      const stat = await fs.promises.stat(uploadFiles(dataDir, uploadId).data)
      return { bytes: stat.size, lastWriteMs: stat.mtimeMs }
    } catch {
      return undefined
    }
  }
  return {
    kind: 'disk',
    datastore: (binding) => new BindingFileStore(uploadsDir(dataDir), binding),
    progress,
    // A file has no separate unfinished state: all its bytes written, it is the upload.
    completeStored: async (uploadId, size) => (await progress(uploadId))?.bytes === size,
    async localCopy(uploadId) {
      const file = uploadFiles(dataDir, uploadId).data
      return fs.existsSync(file) ? file : undefined
    },
    async importFile(uploadId, file) {
      const target = uploadFiles(dataDir, uploadId).data
      if (path.resolve(file) === target) return
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      await fs.promises.rename(file, target)
    },
    async remove(uploadId) {
      removeFiles(uploadId)
    },
    async *list() {
      const dir = uploadsDir(dataDir)
      const names = fs.existsSync(dir) ? fs.readdirSync(dir) : []
      // Each upload is `<id>` plus `<id>.json`; one entry per id, whichever of the two is left.
      const ids = new Set(names.map((name) => (name.endsWith('.json') ? name.slice(0, -5) : name)))
      for (const uploadId of ids) {
        if (!isUploadId(uploadId)) continue
        const files = uploadFiles(dataDir, uploadId)
        const modifiedMs = Math.max(...[files.data, files.info].map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)))
        yield { uploadId, modifiedMs }
      }
    },
    async abortAbandoned() {
      return 0 // a file has no separate unfinished state: the silent-upload sweep removes it
    },
  }
}

const PREFIX = 'uploads/'

/** Our tus S3 store with its keys under `uploads/`, telling `binding` (when given) about uploads. */
class BindingS3Store extends DurableS3Store {
  readonly #binding: UploadBinding | undefined
  constructor(settings: S3Settings, binding?: UploadBinding) {
    super({ s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket } })
    this.#binding = binding
    prefixKeys(this.client)
  }
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload)
    await this.#binding?.created(Number(upload.metadata?.submission_id), upload.id, upload.size ?? null)
    return created
  }
  protected override async whole(upload: Upload): Promise<void> {
    if (upload.size !== undefined) await this.#binding?.finished(upload.id, upload.size)
  }
  override async remove(id: string): Promise<void> {
    await super.remove(id)
    await this.#binding?.terminated(id)
  }
}

/**
 * @tus/s3-store names objects by the upload id alone (`<id>`, `<id>.info`, `<id>.part`) and has no
 * prefix setting: this puts every key its client sends under `uploads/`, beside `media/` and
 * `applications/` in the one bucket.
 */
function prefixKeys(client: { middlewareStack: S3Client['middlewareStack'] }) {
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { Key?: string; Delete?: { Objects?: { Key?: string }[] } }
      if (typeof input.Key === 'string' && !input.Key.startsWith(PREFIX)) input.Key = PREFIX + input.Key
      for (const object of input.Delete?.Objects ?? []) if (object.Key && !object.Key.startsWith(PREFIX)) object.Key = PREFIX + object.Key
      return next(args)
    },
    { step: 'initialize', name: 'dehieuUploadsPrefix' },
  )
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.name === 'NoSuchUpload' || e.$metadata?.httpStatusCode === 404
}

export function createS3UploadStore(settings: S3Settings, client = new S3Client(s3ClientConfig(settings))): UploadStore {
  const Bucket = settings.bucket
  const key = (uploadId: string) => {
    if (!isUploadId(uploadId)) throw new Error('not an upload id')
    return `${PREFIX}${uploadId}`
  }
  /** The multipart upload id tus recorded on the `.info` object, if the upload is unfinished. */
  async function infoOf(uploadId: string): Promise<{ multipartId?: string; lastModifiedMs: number } | undefined> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: `${key(uploadId)}.info` }))
      await answer.Body?.transformToString()
      return { multipartId: answer.Metadata?.['upload-id'], lastModifiedMs: answer.LastModified?.getTime() ?? 0 }
    } catch (error) {
      if (notFound(error)) return undefined
      throw error
    }
  }

  async function* listAll(prefix: string) {
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
      for (const object of page.Contents ?? []) if (object.Key) yield object
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }

  /** The tus store's logic, for work outside tus requests (the uploads service's recovery and sweep). */
  let unbound: BindingS3Store | undefined
  return {
    kind: 's3',
    datastore: (binding) => new BindingS3Store(settings, binding),
    async completeStored(uploadId, size) {
      if (!isUploadId(uploadId)) return false
      unbound ??= new BindingS3Store(settings)
      return (await unbound.completeIfStored(uploadId)) === size
    },
    async progress(uploadId) {
      const info = await infoOf(uploadId)
      if (!info) return undefined
      let lastWriteMs = info.lastModifiedMs
      const parts: Part[] = []
      try {
        let PartNumberMarker: string | undefined
        do {
          const page = await client.send(new ListPartsCommand({ Bucket, Key: key(uploadId), UploadId: info.multipartId, PartNumberMarker }))
          parts.push(...(page.Parts ?? []))
          PartNumberMarker = page.IsTruncated ? String(page.NextPartNumberMarker) : undefined
        } while (PartNumberMarker)
      } catch (error) {
        if (!notFound(error)) throw error
        // The multipart upload is complete (or gone): the object is the upload.
        for await (const object of listAll(key(uploadId))) {
          if (object.Key === key(uploadId)) return { bytes: object.Size ?? 0, lastWriteMs: object.LastModified?.getTime() ?? 0 }
        }
        return undefined
      }
      // What tus counts (tus-s3-store.ts): the parts without a gap, and the `.part` that follows them.
      for (const part of parts) lastWriteMs = Math.max(lastWriteMs, part.LastModified?.getTime() ?? 0)
      const counted = consecutiveParts(parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0)))
      let bytes = counted.reduce((sum, part) => sum + (part.Size ?? 0), 0)
      try {
        const tail = await client.send(new HeadObjectCommand({ Bucket, Key: `${key(uploadId)}.part` }))
        lastWriteMs = Math.max(lastWriteMs, tail.LastModified?.getTime() ?? 0)
        if (tailFits(tail.Metadata, (counted.at(-1)?.PartNumber ?? 0) + 1)) bytes += tail.ContentLength ?? 0
      } catch (error) {
        if (!notFound(error)) throw error
      }
      return { bytes, lastWriteMs }
    },
    async localCopy(uploadId, scratchDir) {
      const file = path.join(scratchDir, 'source')
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(uploadId) }))
        await pipeline(answer.Body as Readable, fs.createWriteStream(file))
        return file
      } catch (error) {
        if (notFound(error)) return undefined
        throw error
      }
    },
    async importFile(uploadId, file) {
      const size = (await fs.promises.stat(file)).size
      await client.send(new PutObjectCommand({ Bucket, Key: key(uploadId), Body: fs.createReadStream(file), ContentLength: size }))
      await fs.promises.rm(file, { force: true })
    },
    async remove(uploadId) {
      const info = await infoOf(uploadId)
      if (info?.multipartId) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key(uploadId), UploadId: info.multipartId })).catch((error) => {
          if (!notFound(error)) throw error
        })
      }
      const base = key(uploadId)
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: base }, { Key: `${base}.info` }, { Key: `${base}.part` }], Quiet: true } }))
    },
    async *list() {
      const seen = new Map<string, number>()
      for await (const object of listAll(PREFIX)) {
        const name = object.Key!.slice(PREFIX.length).replace(/\.(info|part)$/, '')
        if (!isUploadId(name)) continue
        seen.set(name, Math.max(seen.get(name) ?? 0, object.LastModified?.getTime() ?? 0))
      }
      for (const [uploadId, modifiedMs] of seen) yield { uploadId, modifiedMs }
    },
    async abortAbandoned(cutoffMs, keep) {
      let aborted = 0
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: PREFIX, KeyMarker, UploadIdMarker }))
        for (const upload of page.Uploads ?? []) {
          const uploadId = upload.Key?.slice(PREFIX.length) ?? ''
          if ((upload.Initiated?.getTime() ?? 0) > cutoffMs) continue
          if (isUploadId(uploadId) && (await keep(uploadId))) continue
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }))
          aborted++
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
      } while (KeyMarker)
      return aborted
    },
  }
}
