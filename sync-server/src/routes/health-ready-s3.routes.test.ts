/**
 * /health/ready with media in a bucket (MEDIA_STORE=s3, a throwaway Ceph): the bucket is one of the
 * checks; a bucket gone makes the process not ready, saying so, and it is ready again once the bucket is
 * back, with no restart.
 */
import { CreateBucketCommand, DeleteBucketCommand, DeleteBucketLifecycleCommand } from '@aws-sdk/client-s3'
import { afterAll, describe, expect, it } from 'vitest'
import { cephForThisFile } from '../../test-support/ceph-for-tests.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

const ceph = cephForThisFile()
let server: TestServer | undefined
afterAll(async () => {
  await server?.close()
})

describe.skipIf(ceph.missing)('GET /health/ready with media in a bucket', () => {
  it('checks the bucket: gone, not ready and says so; back, ready again by itself', { timeout: 60_000 }, async () => {
    const settings = ceph.settings()
    const s3 = ceph.client(settings)
    server = await startTestServer({ env: { ...ceph.env(settings), WORKERS: '0' } })
    const api = apiClient(server.api)
    const ready = await api.get('/health/ready')
    expect(ready.status).toBe(200)
    expect(ready.body.checks).toEqual({ database: 'ok', migrations: 'ok', disk: 'ok', bucket: 'ok' })

    await s3.send(new DeleteBucketLifecycleCommand({ Bucket: settings.bucket })).catch(() => undefined)
    await s3.send(new DeleteBucketCommand({ Bucket: settings.bucket }))
    const gone = await api.get('/health/ready')
    expect(gone.status).toBe(503)
    expect(gone.body).toMatchObject({ error: 'not_ready', checks: { database: 'ok', bucket: 'the bucket does not answer' } })
    expect(JSON.stringify(gone.body)).not.toContain(settings.bucket)

    await s3.send(new CreateBucketCommand({ Bucket: settings.bucket }))
    expect((await api.get('/health/ready')).status).toBe(200)
  })
})
