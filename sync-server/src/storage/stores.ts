/**
 * The stores of one process, built from the settings (storage-config.ts): media (ladders, pictures,
 * application videos) and uploads (tus), both on disk or both in the bucket. `prepare()` runs once at
 * start: on S3 it creates the bucket when missing and sets the rule that aborts abandoned multipart
 * uploads.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Logger } from 'pino'
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { createDiskStore } from './disk-store.ts'
import type { MediaStore } from './media-store.ts'
import { createS3Store, prepareBucket, s3ClientConfig } from './s3-store.ts'
import type { StorageConfig } from './storage-config.ts'
import { createDiskUploadStore, createS3UploadStore, type UploadStore } from './upload-store.ts'

export interface Stores {
  media: MediaStore
  uploads: UploadStore
  /**
   * A fresh local folder for work on files (a transcode's input copy and output), on the same disk as
   * DATA_DIR so a finished ladder moves into place by rename when the store is the disk.
   */
  scratch(): Promise<{ dir: string; remove(): Promise<void> }>
  /** Where scratch folders are made (a stopped worker's are swept at start, background.ts). */
  scratchRoot: string
  /**
   * The local folders that fill before bytes reach their store, whose disks the free-space reserve
   * watches (web/disk-reserve.ts). On disk: DATA_DIR, which holds everything. With a bucket: DATA_DIR
   * still (multipart forms land in DATA_DIR/incoming; the SQLite file), the system's temporary folder
   * (@tus/s3-store stages every part of a PATCH there, up to the part size, before sending it; not
   * configurable but by TMPDIR) and the scratch folder (a transcode's source copy and its ladder).
   */
  stagingDirs: string[]
  prepare(logger: Logger): Promise<void>
  /** Where media live, and a question to the bucket that must be answered for this process to be ready (/health/ready). */
  kind: 'disk' | 's3'
  ping(signal: AbortSignal): Promise<void>
}

export function createStores(storage: StorageConfig, dataDir: string): Stores {
  const scratchRoot = storage.kind === 'disk' ? path.join(dataDir, 'scratch') : path.join(os.tmpdir(), 'dehieu-scratch')
  const scratch = async () => {
    await fs.promises.mkdir(scratchRoot, { recursive: true })
    const dir = await fs.promises.mkdtemp(path.join(scratchRoot, 'job-'))
    return { dir, remove: () => fs.promises.rm(dir, { recursive: true, force: true }) }
  }
  if (storage.kind === 'disk') {
    return { media: createDiskStore(dataDir), uploads: createDiskUploadStore(dataDir), scratch, scratchRoot, stagingDirs: [dataDir], prepare: async () => undefined, kind: 'disk', ping: async () => undefined }
  }
  const client = new S3Client(s3ClientConfig(storage))
  return {
    media: createS3Store(storage, client),
    uploads: createS3UploadStore(storage, client),
    scratch,
    scratchRoot,
    stagingDirs: [...new Set([dataDir, os.tmpdir(), scratchRoot])],
    kind: 's3',
    async ping(signal) {
      await client.send(new HeadBucketCommand({ Bucket: storage.bucket }), { abortSignal: signal })
    },
    async prepare(logger) {
      await prepareBucket(client, storage.bucket, (message, error) => logger.warn({ err: error }, message), { mediaOriginPublic: storage.mediaOriginPublic })
    },
  }
}
