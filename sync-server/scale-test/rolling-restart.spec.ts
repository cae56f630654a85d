/**
 * `npm run test:scale` (issue 47): rolling restarts with no failed request. Two API processes behind
 * nginx on deploy/nginx.conf, one PostgreSQL; a load generator reads, writes watch events and sends a
 * tus upload in small PATCHes through nginx while each API process in turn is stopped with SIGTERM (the
 * graceful stop: web/graceful-stop.ts) and started again on its port, twice over. Every request must
 * succeed, every acknowledged event be stored exactly once, and the upload end whole.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../contract/index.ts'
import { uploadFiles } from '../src/storage/media-paths.ts'
import { startCluster, signInThrough, type Cluster, type ManagedProcess } from './cluster.ts'

let cluster: Cluster
let apis: ManagedProcess[]
let nginxUrl: string

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` })

beforeAll(async () => {
  cluster = await startCluster()
  apis = await Promise.all([cluster.startApi(), cluster.startApi()])
  nginxUrl = (await cluster.startNginx(apis)).url
}, 180_000)

afterAll(async () => {
  await cluster?.stop()
}, 60_000)

async function waitReady(api: ManagedProcess) {
  for (;;) {
    const answer = await fetch(`${cluster.apiUrl(api)}/api/v1/health/ready`).catch(() => undefined)
    if (answer?.status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('rolling restarts behind nginx', () => {
  it('restarts every API process one at a time under reads, watch-event writes and a tus upload: no failed request, no event lost or doubled, the upload whole', async () => {
    const learner = await signInThrough(cluster, nginxUrl, 'rolling-learner@example.com')
    const contributor = await signInThrough(cluster, nginxUrl, 'rolling-contributor@example.com')
    await cluster.db.updateTable('users').set({ is_contributor: 1 }).where('id', '=', contributor.userId).execute()
    const { id: videoId } = await cluster.db
      .insertInto('videos')
      .values({ language_code: 'vi', title: 'Rolling', description: '', proficiency_level: 'beginner', access_level: 'free',
        duration_seconds: 600, published_at: new Date().toISOString(), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()

    const failures: string[] = []
    let requests = 0
    let running = true
    const note = (what: string, status: number | string) => failures.push(`${what}: ${status}`)

    async function reader() {
      while (running) {
        for (const path of ['/api/v1/languages', '/api/v1/me/daily_progress', `/api/v1/videos/${videoId}`]) {
          requests++
          const answer = await fetch(`${nginxUrl}${path}`, { headers: json(learner.token) }).catch((error: Error) => error)
          if (answer instanceof Error) note(`GET ${path}`, answer.message)
          else if (answer.status !== 200) note(`GET ${path}`, answer.status)
          else await answer.arrayBuffer()
        }
      }
    }

    const accepted = new Set<string>()
    let stretch = 0
    async function writer() {
      while (running) {
        const events = Array.from({ length: 20 }, () => {
          const n = ++stretch
          return { client_id: uuidv7(), video_id: videoId, position_from: (n * 6) % 594, position_to: ((n * 6) % 594) + 6, watched_seconds: 6, playback_rate: 1,
            occurred_at: new Date(Date.now() - 3_600_000 - n * 7_000).toISOString() }
        })
        requests++
        const answer = await fetch(`${nginxUrl}/api/v1/watch_events`, { method: 'POST', headers: json(learner.token), body: JSON.stringify({ events }) }).catch((error: Error) => error)
        if (answer instanceof Error) note('POST /watch_events', answer.message)
        else if (answer.status !== 200) note('POST /watch_events', `${answer.status} ${await answer.text()}`)
        else for (const id of ((await answer.json()) as { data: { accepted: string[] } }).data.accepted) accepted.add(id)
      }
    }

    // The upload: 6 MB in 128 KB PATCHes with a pause between, so it spans the restarts.
    const file = randomBytes(6 * 1024 * 1024)
    const created = await fetch(`${nginxUrl}/api/v1/submissions`, {
      method: 'POST',
      headers: json(contributor.token),
      body: JSON.stringify({ submission: { title: 'Khởi động lại', description: 'Rolling restart', proficiency_level: 'beginner', language_code: 'vi',
        creator_emails: [], series_name: null, episode_number: null, release_confirmed: true, publishable: true } }),
    })
    expect(created.status).toBe(201)
    const submissionId = ((await created.json()) as { data: { id: number } }).data.id
    const tus = { authorization: `Bearer ${contributor.token}`, 'tus-resumable': '1.0.0' }
    const creation = await fetch(`${nginxUrl}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(file.length), 'upload-metadata': `submission_id ${Buffer.from(String(submissionId)).toString('base64')},filename ${Buffer.from('x.mp4').toString('base64')}` },
    })
    expect(creation.status).toBe(201)
    const uploadUrl = `${nginxUrl}${creation.headers.get('location')!}`
    const uploadId = uploadUrl.split('/').pop()!
    let uploaded = 0
    async function uploader() {
      while (uploaded < file.length) {
        requests++
        const body = new Uint8Array(file.subarray(uploaded, uploaded + 128 * 1024))
        const answer = await fetch(uploadUrl, { method: 'PATCH', headers: { ...tus, 'upload-offset': String(uploaded), 'content-type': 'application/offset+octet-stream' }, body }).catch((error: Error) => error)
        if (answer instanceof Error) note('PATCH upload', answer.message)
        else if (answer.status !== 204) note('PATCH upload', `${answer.status} ${await answer.text()}`)
        else uploaded = Number(answer.headers.get('upload-offset'))
        if (answer instanceof Error || answer.status !== 204) {
          // Resume as tus-js-client does: ask the offset, go on from there.
          const head = await fetch(uploadUrl, { method: 'HEAD', headers: tus })
          uploaded = Number(head.headers.get('upload-offset'))
        }
        await new Promise((resolve) => setTimeout(resolve, 60))
      }
    }

    const load = [reader(), reader(), writer(), writer(), uploader()]
    // Under way before the first restart.
    while (accepted.size < 200) await new Promise((resolve) => setTimeout(resolve, 20))
    const restarts: string[] = []
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < apis.length; i++) {
        const old = apis[i]!
        await old.stop()
        apis[i] = await cluster.startApi(old.port)
        await waitReady(apis[i]!)
        restarts.push(old.name)
        // nginx took the restarted process out for fail_timeout (2 s, counted in whole seconds: up to 3 s)
        // at its last refused connection, and does not probe: stopping the next one sooner leaves it no
        // live upstream (502s, as runs with 0.3 s and 2.5 s here found). deploy/rolling-restart.sh waits the same.
        await new Promise((resolve) => setTimeout(resolve, 4000))
      }
    }
    running = false
    await Promise.all(load.slice(0, 4))
    await load[4]

    expect(restarts).toHaveLength(4)
    expect(requests).toBeGreaterThan(200)
    if (failures.length) console.log(`${failures.length} failed of ${requests}`, failures.map((f) => f.slice(0, 40)))
    expect(failures).toEqual([])
    const rows = await cluster.db.selectFrom('watch_events').select('client_id').where('user_id', '=', learner.userId).execute()
    expect(rows).toHaveLength(accepted.size)
    expect(new Set(rows.map((row) => row.client_id))).toEqual(accepted)
    expect(uploaded).toBe(file.length)
    const stored = fs.readFileSync(uploadFiles(cluster.dataDir, uploadId).data)
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(file).digest('hex'))
  }, 300_000)
})
