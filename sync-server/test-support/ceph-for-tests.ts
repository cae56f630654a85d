/**
 * Ceph for a test file: `const ceph = cephForThisFile()` at the top starts one throwaway gateway
 * before the file's tests (3–5 s) and stops it after; `ceph.env()` gives a test server's settings for a
 * fresh bucket of its own (the server creates it at start). When Ceph is not installed,
 * `ceph.missing` says why: wrap the S3 tests in `describe.skipIf(ceph.missing)` and the reason is
 * printed once.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { S3Client } from '@aws-sdk/client-s3'
import { s3ClientConfig, type S3Settings } from '../src/storage/s3-store.ts'
import { cephMissing, startCeph, type CephGateway } from './ceph-server.ts'

export interface CephForTests {
  missing: string | undefined
  gateway(): CephGateway
  /** A new bucket name's settings (not created: the server or the test creates it). */
  settings(): S3Settings
  /** MEDIA_STORE=s3 and the S3_* variables for those settings. */
  env(settings?: S3Settings): Record<string, string>
  client(settings: S3Settings): S3Client
}

export function cephForThisFile(): CephForTests {
  const missing = cephMissing()
  let gateway: CephGateway | undefined
  if (missing) {
    console.log(`S3 tests skipped: ${missing}`)
  } else {
    beforeAll(async () => {
      gateway = await startCeph()
    }, 60_000)
    afterAll(async () => {
      await gateway?.stop()
      gateway = undefined
    }, 30_000)
  }
  const running = () => {
    if (!gateway) throw new Error('Ceph is not running for this test file')
    return gateway
  }
  const settings = (): S3Settings => {
    const g = running()
    return {
      kind: 's3',
      endpoint: g.endpoint,
      bucket: `test-${crypto.randomBytes(6).toString('hex')}`,
      region: g.region,
      accessKeyId: g.accessKeyId,
      secretAccessKey: g.secretAccessKey,
      forcePathStyle: true,
      mediaOriginPublic: false,
    }
  }
  return {
    missing,
    gateway: running,
    settings,
    env(given) {
      const s = given ?? settings()
      return {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: s.endpoint!,
        S3_BUCKET: s.bucket,
        S3_REGION: s.region,
        S3_ACCESS_KEY_ID: s.accessKeyId,
        S3_SECRET_ACCESS_KEY: s.secretAccessKey,
      }
    },
    client: (s) => new S3Client(s3ClientConfig(s)),
  }
}
