/**
 * The media store in an S3-compatible bucket: key `a/b/c` is the object `a/b/c`. Tested against Ceph's
 * radosgw (test-support/ceph-server.ts); works with AWS S3, MinIO and the like.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutBucketLifecycleConfigurationCommand,
  PutBucketPolicyCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { checkKey, type MediaStore, type StoredObject } from './media-store.ts'
import type { StorageConfig } from './storage-config.ts'

export type S3Settings = Extract<StorageConfig, { kind: 's3' }>

/** The SDK's settings for our bucket, shared by the media store and tus's S3Store. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Since 3.729 the SDK adds CRC32 checksums to every upload by default, and sends bodies of unknown
    // length `aws-chunked` with the checksum in a trailer. Ceph 16's radosgw (and other S3-compatible
    // servers of its age) answer such a body 411 MissingContentLength, which broke every tus PATCH.
    // 'WHEN_REQUIRED' sends checksums only where the operation demands one, as the SDK did before.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * At start: the bucket is created when missing, and given the rule that aborts multipart uploads left
 * unfinished for two days (a tus upload abandoned mid-way; our silent-upload sweep removes the ones it
 * knows after 24 h, the rule catches whatever it cannot, such as uploads of a deleted database). A server
 * that refuses lifecycle rules is logged and left as it is: the sweep still runs.
 */
export async function prepareBucket(
  client: S3Client,
  bucket: string,
  warn: (message: string, error: unknown) => void,
  options: { mediaOriginPublic?: boolean } = {},
): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }))
  } catch (error) {
    if (!notFound(error)) throw error
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
  }
  try {
    await client.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: bucket,
        LifecycleConfiguration: {
          Rules: [{ ID: 'abort-abandoned-uploads', Status: 'Enabled', Filter: { Prefix: '' }, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 } }],
        },
      }),
    )
  } catch (error) {
    warn('the bucket refused the lifecycle rule that aborts abandoned multipart uploads', error)
  }
  if (options.mediaOriginPublic) {
    // nginx fetches segments unsigned (deploy/nginx-s3.conf): media/ readable by anyone who reaches the endpoint.
    const policy = {
      Version: '2012-10-17',
      Statement: [{ Sid: 'MediaOrigin', Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/media/*`] }],
    }
    await client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }))
  }
}

/** Files uploaded at once by putDir. */
const PUT_CONCURRENCY = 4

export function createS3Store(settings: S3Settings, client = new S3Client(s3ClientConfig(settings))): MediaStore & { client: S3Client; bucket: string } {
  const Bucket = settings.bucket

  async function put(key: string, file: string, options: { contentType?: string; cacheControl?: string } = {}) {
    const size = (await fs.promises.stat(file)).size
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      }),
    )
  }

  async function* listAll(prefix: string): AsyncGenerator<StoredObject> {
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix ? `${checkKey(prefix)}/` : undefined, ContinuationToken }))
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedMs: object.LastModified?.getTime() ?? 0 }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }

  async function removeKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000)
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
    }
  }

  async function filesOf(dir: string, relative = ''): Promise<string[]> {
    const entries = await fs.promises.readdir(path.join(dir, relative), { withFileTypes: true })
    const files: string[] = []
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) files.push(...(await filesOf(dir, name)))
      else if (entry.isFile()) files.push(name)
    }
    return files
  }

  return {
    kind: 's3',
    client,
    bucket: Bucket,
    async putFile(key, file, options) {
      await put(key, file, options)
      await fs.promises.rm(file, { force: true })
    },
    async putDir(prefix, dir, optionsFor) {
      const files = await filesOf(dir)
      // Playlists last: a reader that finds the master playlist finds every file it names.
      files.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')) || Number(a === 'master.m3u8') - Number(b === 'master.m3u8'))
      const queue = files.filter((file) => !file.endsWith('.m3u8'))
      const worker = async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          await put(`${prefix}/${file}`, path.join(dir, file), optionsFor?.(file))
        }
      }
      await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker))
      for (const file of files.filter((name) => name.endsWith('.m3u8'))) await put(`${prefix}/${file}`, path.join(dir, file), optionsFor?.(file))
      await fs.promises.rm(dir, { recursive: true, force: true })
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }))
        return { key, size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 }
      } catch (error) {
        if (notFound(error)) return undefined
        throw error
      }
    },
    async read(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        )
        return answer.Body as Readable
      } catch (error) {
        if (notFound(error)) return undefined
        throw error
      }
    },
    async readText(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        return await answer.Body!.transformToString('utf8')
      } catch (error) {
        if (notFound(error)) return undefined
        throw error
      }
    },
    async download(key, file) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        await pipeline(answer.Body as Readable, fs.createWriteStream(file))
        return true
      } catch (error) {
        if (notFound(error)) return false
        throw error
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
    async removePrefix(prefix) {
      const keys: string[] = []
      for await (const object of listAll(prefix)) keys.push(object.key)
      await removeKeys(keys)
      return keys.length
    },
    list: listAll,
  }
}
