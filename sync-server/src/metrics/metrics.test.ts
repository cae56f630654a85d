/**
 * The metrics a monitoring system scrapes (issue 47), read the way Prometheus reads them: GET /metrics
 * on the metrics listener, in the text format, after real requests, a watch-event batch, a tus upload and
 * jobs in the queue. And not on the public listener.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import type http from 'node:http'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { tusUpload } from '../../test-support/tus-upload.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor } from '../../test-support/users.ts'
import { startMetricsListener } from './metrics-listener.ts'

let server: TestServer
let listener: http.Server
let metricsUrl: string

beforeAll(async () => {
  server = await startTestServer({ env: { WORKERS: '0', UNFINISHED_UPLOADS_PER_CONTRIBUTOR: '10' } })
  listener = await startMetricsListener(server.ctx.metrics, { host: '127.0.0.1', port: 0 }, pino({ level: 'silent' }))
  metricsUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/metrics`
})
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve))
  await server.close()
})

/** Every sample of the exposition as `name{labels}` → value; `# TYPE` lines as name → type. */
async function scrape(): Promise<{ samples: Map<string, number>; types: Map<string, string>; contentType: string | null }> {
  const answer = await fetch(metricsUrl)
  expect(answer.status).toBe(200)
  const samples = new Map<string, number>()
  const types = new Map<string, string>()
  for (const line of (await answer.text()).split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line)
    if (type) types.set(type[1]!, type[2]!)
    if (!line || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return { samples, types, contentType: answer.headers.get('content-type') }
}

describe('GET /metrics on METRICS_LISTEN', () => {
  it('counts and times requests by route name and status, never by path', async () => {
    const api = apiClient(server.api)
    for (let i = 0; i < 3; i++) expect((await api.get('/health/live')).status).toBe(200)
    expect((await api.get('/videos/999999')).status).toBe(401)
    expect((await api.get('/no/such/route')).status).toBe(404)
    const { samples, types, contentType } = await scrape()
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(types.get('dehieu_http_requests_total')).toBe('counter')
    expect(types.get('dehieu_http_request_duration_seconds')).toBe('histogram')
    expect(samples.get('dehieu_http_requests_total{route="health.live",method="GET",status="200"}')).toBe(3)
    expect(samples.get('dehieu_http_requests_total{route="videos.get",method="GET",status="401"}')).toBe(1)
    expect(samples.get('dehieu_http_requests_total{route="api.not_found",method="GET",status="404"}')).toBe(1)
    expect(samples.get('dehieu_http_request_duration_seconds_count{route="health.live",status="200"}')).toBe(3)
    expect(samples.get('dehieu_http_request_duration_seconds_bucket{le="+Inf",route="health.live",status="200"}')).toBe(3)
    expect([...samples.keys()].some((key) => key.includes('999999'))).toBe(false)
  })

  it('tells the watch-event batches stored (size, wait, commit), the upload bytes received and the jobs by kind and state', async () => {
    const video = await seedVideo(server)
    const learner = await signIn(server, 'metrics-learner@example.com')
    const events = Array.from({ length: 7 }, (_, i) => watchEvent(server, video, { occurred_at: new Date(server.clock.now() - (i + 1) * 20_000).toISOString() }))
    expect((await apiClient(server.api, { token: learner.token }).post('/watch_events', { events })).status).toBe(200)

    const maker = await signIn(server, 'metrics-maker@example.com')
    await makeContributor(server, maker.user.id)
    const created = await apiClient(server.api, { token: maker.token }).post('/submissions', {
      submission: { title: 'Đo đạc', description: 'Bytes for the metrics.', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], series_name: null, episode_number: null, release_confirmed: true, publishable: true },
    })
    expect(created.status).toBe(201)
    const bytes = 3 * 64 * 1024 + 100
    await tusUpload({ endpoint: `${server.api}/uploads`, token: maker.token, data: Buffer.alloc(bytes, 1), submissionId: created.body.data.id, chunkSize: 64 * 1024 }).done
    // A job after a failed attempt, waiting for its retry; and one that spent its attempts.
    await server.ctx.database.db.insertInto('jobs').values([
      { kind: 'publish_submission', payload: '{}', state: 'queued', error: 'boom', created_at: Date.now(), run_after: Date.now() + 60_000 },
      { kind: 'publish_submission', payload: '{}', state: 'failed', error: 'boom', created_at: Date.now() },
    ]).execute()

    const { samples } = await scrape()
    expect(samples.get('dehieu_watch_ingest_batch_events_count')).toBe(1)
    expect(samples.get('dehieu_watch_ingest_batch_events_sum')).toBe(7)
    expect(samples.get('dehieu_watch_ingest_commit_seconds_count')).toBe(1)
    expect(samples.get('dehieu_watch_ingest_wait_seconds_count')).toBe(1)
    expect(samples.get('dehieu_upload_received_bytes_total')).toBe(bytes)
    expect(samples.get('dehieu_uploads_in_progress')).toBe(0)
    // The finished upload queued its processing (WORKERS=0: nobody runs it here).
    expect(samples.get('dehieu_jobs{kind="process_submission",state="queued"}')).toBe(1)
    expect(samples.get('dehieu_jobs{kind="publish_submission",state="retry_wait"}')).toBe(1)
    expect(samples.get('dehieu_jobs{kind="publish_submission",state="failed"}')).toBe(1)
  })

  it('tells the disk reserve, the free bytes, and the process (memory, CPU, event loop)', async () => {
    const { samples } = await scrape()
    expect(samples.get('dehieu_disk_reserve_bytes')).toBe(server.ctx.config.diskReserveBytes)
    expect(samples.get(`dehieu_disk_free_bytes{dir="${server.dataDir}"}`)).toBeGreaterThan(0)
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(samples.has('process_cpu_seconds_total')).toBe(true)
    expect(samples.has('nodejs_eventloop_lag_p99_seconds')).toBe(true)
    if (server.ctx.database.engine === 'postgres') expect(samples.get('dehieu_db_pool_connections{state="total"}')).toBeGreaterThan(0)
  })

  it('has every metric the shipped Grafana dashboard asks for', async () => {
    const dashboard = JSON.parse(fs.readFileSync(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> }
    const asked = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\b(?:dehieu|process|nodejs)_[a-z0-9_]+/g) ?? [])))
    const { types } = await scrape()
    const missing = [...asked].filter((name) => !types.has(name) && !types.has(name.replace(/_(bucket|sum|count)$/, '')))
    expect(missing).toEqual([])
    expect(asked.size).toBeGreaterThan(10)
  })

  it('is not served on the public listener', async () => {
    const answer = await fetch(`${server.baseUrl}/metrics`)
    expect(await answer.text()).not.toContain('dehieu_http_requests_total')
  })
})
