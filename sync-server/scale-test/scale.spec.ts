/**
 * `npm run test:scale` (issue 17): two API processes (WORKERS=0) and a worker as separate Node
 * processes on one PostgreSQL and one DATA_DIR, behind nginx on deploy/nginx.conf, under faults
 * (kill -9). Nothing acknowledged may be lost or doubled. Runs in order: later scenarios use what
 * earlier ones made (the uploaded video is the one the worker transcodes, then plays through nginx).
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../contract/index.ts'
import { uploadFiles } from '../src/storage/media-paths.ts'
import { startCluster, signInThrough, type Cluster, type ManagedProcess } from './cluster.ts'

let cluster: Cluster
let apiA: ManagedProcess
let apiB: ManagedProcess
let nginxUrl: string
let contributor: { token: string; userId: number }
let submissionId: number
let clip: Buffer

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` })

beforeAll(async () => {
  cluster = await startCluster()
  // Started together: they migrate one database and make one app secret at the same moment.
  ;[apiA, apiB] = await Promise.all([cluster.startApi(), cluster.startApi()])
  await cluster.startWorker()
  nginxUrl = (await cluster.startNginx([apiA, apiB])).url
  // A few seconds of real video with sound, long enough at 720p to be killed mid-transcode.
  const clipFile = path.join(cluster.dir, 'clip.mp4')
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=12',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', clipFile])
  clip = fs.readFileSync(clipFile)
}, 180_000)

afterAll(async () => {
  await cluster?.stop()
}, 60_000)

describe('several processes on one PostgreSQL behind nginx', () => {
  it('both API processes answer /health as api on postgres, and nginx shares requests between them', async () => {
    for (const api of [apiA, apiB]) {
      const health = await (await fetch(`${cluster.apiUrl(api)}/api/v1/health`)).json()
      expect(health).toMatchObject({ status: 'ok', database: 'postgres', role: 'api' })
    }
    expect(fs.readdirSync(cluster.dataDir)).toContain('app-secret')
  })

  it("a learner's 2,000 watch events, batches alternating between the API processes and each sent twice at once, count exactly once", async () => {
    const learner = await signInThrough(cluster, nginxUrl, 'scale-learner@example.com')
    const { id: videoId } = await cluster.db
      .insertInto('videos')
      .values({ language_code: 'vi', title: 'Scale', description: '', proficiency_level: 'beginner', access_level: 'free',
        duration_seconds: 600, published_at: new Date().toISOString(), created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    // 2,000 stretches of 6 s of play, one after another in wall-clock time (none overlaps another).
    const now = Date.now() - 60_000
    const events = Array.from({ length: 2000 }, (_, i) => ({
      client_id: uuidv7(),
      video_id: videoId,
      position_from: (i * 6) % 594,
      position_to: ((i * 6) % 594) + 6,
      watched_seconds: 6,
      playback_rate: 1,
      occurred_at: new Date(now - (2000 - i) * 7_000).toISOString(),
    }))
    const apis = [apiA, apiB]
    const accepted = new Set<string>()
    let duplicates = 0
    for (let batch = 0; batch < 20; batch++) {
      const body = JSON.stringify({ events: events.slice(batch * 100, batch * 100 + 100) })
      // The same batch to both processes at once: as an outbox retry racing its first send.
      const answers = await Promise.all([batch % 2, (batch + 1) % 2].map(async (which) => {
        const response = await fetch(`${cluster.apiUrl(apis[which])}/api/v1/watch_events`, { method: 'POST', headers: json(learner.token), body })
        expect(response.status).toBe(200)
        return ((await response.json()) as { data: { accepted: string[]; duplicate: string[]; rejected: unknown[] } }).data
      }))
      for (const answer of answers) {
        expect(answer.rejected).toEqual([])
        for (const id of answer.accepted) {
          expect(accepted.has(id)).toBe(false)
          accepted.add(id)
        }
        duplicates += answer.duplicate.length
      }
    }
    expect(accepted.size).toBe(2000)
    expect(duplicates).toBe(2000)
    const totals = await cluster.db.selectFrom('daily_totals').select(['day', 'watch_seconds']).where('user_id', '=', learner.userId).execute()
    expect(totals.reduce((sum, row) => sum + row.watch_seconds, 0)).toBe(2000 * 6)
    const stored = await cluster.db.selectFrom('watch_events').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', learner.userId).executeTakeFirstOrThrow()
    expect(stored.n).toBe(2000)
  }, 120_000)

  it('a tus upload whose PATCHes alternate between the API processes completes through the survivor when one is killed mid-PATCH; the file matches', async () => {
    contributor = await signInThrough(cluster, nginxUrl, 'scale-contributor@example.com')
    await cluster.db.updateTable('users').set({ is_contributor: 1 }).where('id', '=', contributor.userId).execute()
    const created = await fetch(`${nginxUrl}/api/v1/submissions`, {
      method: 'POST',
      headers: json(contributor.token),
      body: JSON.stringify({ submission: { title: 'Nhiều tiến trình', description: 'Scale test', proficiency_level: 'beginner', language_code: 'vi',
        creator_emails: [], series_name: null, episode_number: null, release_confirmed: true, publishable: true } }),
    })
    expect(created.status).toBe(201)
    submissionId = ((await created.json()) as { data: { id: number } }).data.id

    const auth = { authorization: `Bearer ${contributor.token}`, 'tus-resumable': '1.0.0' }
    const metadata = `submission_id ${Buffer.from(String(submissionId)).toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`
    const creation = await fetch(`${cluster.apiUrl(apiA)}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...auth, 'upload-length': String(clip.length), 'upload-metadata': metadata },
    })
    expect(creation.status).toBe(201)
    const location = creation.headers.get('location')!
    const uploadId = location.split('/').pop()!
    const at = (api: ManagedProcess) => `${cluster.apiUrl(api)}/api/v1/uploads/${uploadId}`
    const patch = (api: ManagedProcess, offset: number, body: BodyInit, extra: RequestInit = {}) =>
      fetch(at(api), { method: 'PATCH', headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body, ...extra })

    const chunk = Math.ceil(clip.length / 8)
    let offset = 0
    // Two chunks each way, alternating.
    for (const api of [apiA, apiB, apiA, apiB]) {
      const response = await patch(api, offset, new Uint8Array(clip.subarray(offset, offset + chunk)))
      expect(response.status).toBe(204)
      offset = Number(response.headers.get('upload-offset'))
    }
    // The next PATCH goes to B as a stream: half of it is sent, B is killed -9 while it waits for the rest.
    const dataFile = uploadFiles(cluster.dataDir, uploadId).data
    let sendRest!: () => void
    const rest = new Promise<void>((resolve) => (sendRest = resolve))
    const half = clip.subarray(offset, offset + chunk / 2)
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(half))
        await rest
        controller.close()
      },
    })
    const cut = patch(apiB, offset, body, { duplex: 'half' } as RequestInit).then((response) => response.status, () => 'connection lost')
    const before = offset
    // Wait until B has written some of the half it received, then kill it mid-request.
    for (let i = 0; i < 200 && fs.statSync(dataFile).size <= before; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    await apiB.kill9()
    sendRest()
    expect(await cut).toBe('connection lost')
    // The client resumes on A from the offset the server kept.
    const head = await fetch(at(apiA), { method: 'HEAD', headers: auth })
    expect(head.status).toBe(200)
    offset = Number(head.headers.get('upload-offset'))
    expect(offset).toBeGreaterThanOrEqual(before)
    while (offset < clip.length) {
      const response = await patch(apiA, offset, new Uint8Array(clip.subarray(offset, offset + chunk)))
      expect(response.status).toBe(204)
      offset = Number(response.headers.get('upload-offset'))
    }
    expect(offset).toBe(clip.length)
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')
    expect(sha(fs.readFileSync(dataFile))).toBe(sha(clip))
    const row = await cluster.db.selectFrom('submissions').select(['upload_state']).where('id', '=', submissionId).executeTakeFirstOrThrow()
    expect(row.upload_state).toBe('complete')
  }, 120_000)

  it('the worker killed -9 mid-transcode: a second worker started afterwards finishes the job once, and the video is ready and plays', async () => {
    const job = async () =>
      cluster.db.selectFrom('jobs').selectAll().where('payload', 'like', `%"submissionId":${submissionId}%`).executeTakeFirstOrThrow()
    // Wait until the first worker has claimed the job and ffmpeg has reported progress.
    for (let i = 0; i < 1200; i++) {
      const sub = await cluster.db.selectFrom('submissions').select(['processing_state', 'processing_percent']).where('id', '=', submissionId).executeTakeFirstOrThrow()
      if (sub.processing_state === 'processing' && (sub.processing_percent ?? 0) > 0) break
      expect(sub.processing_state).not.toBe('ready')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect((await job()).state).toBe('running')
    await cluster.workers[0]!.kill9()
    const cutShort = await job()
    expect(cutShort).toMatchObject({ state: 'running', attempts: 1 })
    await cluster.startWorker()
    for (let i = 0; i < 2400; i++) {
      if ((await job()).state !== 'running' && (await job()).state !== 'queued') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // Claimed once more after the dead worker's lease passed, run from the start, finished once.
    expect(await job()).toMatchObject({ state: 'done', attempts: 2, error: null })
    const sub = await cluster.db.selectFrom('submissions').select(['processing_state', 'media_key']).where('id', '=', submissionId).executeTakeFirstOrThrow()
    expect(sub.processing_state).toBe('ready')
    // No half-written ladder left beside the finished one.
    expect(fs.readdirSync(path.join(cluster.dataDir, 'media')).filter((name) => name.includes(sub.media_key!))).toEqual([sub.media_key])
    const view = await (await fetch(`${nginxUrl}/api/v1/submissions/${submissionId}`, { headers: json(contributor.token) })).json()
    const hlsUrl = view.data.playback.hls_url as string
    const master = await fetch(`${nginxUrl}${hlsUrl}`)
    expect(master.status).toBe(200)
    // Each URI a playlist lists carries the grant (in the query): resolved against the playlist's URL.
    const variant = (await master.text()).split('\n').find((line) => line.includes('.m3u8'))!
    const variantUrl = new URL(variant, new URL(hlsUrl, nginxUrl))
    const playlist = await (await fetch(variantUrl)).text()
    const folder = path.dirname(variant)
    const listed = [/URI="([^"]+)"/.exec(playlist)![1], ...playlist.split('\n').filter((line) => line.includes('.m4s'))]
    for (const uri of listed) {
      const name = uri.split('?')[0]
      const file = await fetch(new URL(uri, variantUrl))
      expect(file.status).toBe(200)
      expect(Buffer.from(await file.arrayBuffer()).equals(fs.readFileSync(path.join(cluster.dataDir, 'media', sub.media_key!, folder, name)))).toBe(true)
    }
  }, 180_000)

  it('an API process killed under steady signed-in reads through nginx: every 2xx is right, and the survivor keeps answering', async () => {
    // B comes back on its port (it was killed during the upload).
    apiB = await cluster.startApi(apiB.port)
    const readers = await Promise.all([1, 2, 3, 4].map((n) => signInThrough(cluster, nginxUrl, `scale-reader-${n}@example.com`)))
    const outcomes: { status: number; ok: boolean; at: number }[] = []
    let killedAt = Infinity
    const stopAt = Date.now() + 4_000
    const loop = async (reader: { token: string; userId: number }, email: string) => {
      while (Date.now() < stopAt) {
        const response = await fetch(`${nginxUrl}/api/v1/me`, { headers: { authorization: `Bearer ${reader.token}` } }).catch(() => undefined)
        if (!response) {
          outcomes.push({ status: 0, ok: false, at: Date.now() })
          continue
        }
        const body = response.status === 200 ? ((await response.json()) as { id?: number; email?: string }) : (await response.text(), undefined)
        outcomes.push({ status: response.status, ok: body?.id === reader.userId && body.email === email, at: Date.now() })
      }
    }
    const running = Promise.all(readers.map((reader, i) => loop(reader, `scale-reader-${i + 1}@example.com`)))
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    killedAt = Date.now()
    await apiA.kill9()
    await running
    const successes = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300)
    expect(successes.length).toBeGreaterThan(20)
    // Every 2xx answered the reader's own account.
    expect(successes.every((outcome) => outcome.ok)).toBe(true)
    // After the kill (half a second for what was in flight), nginx sends everything to the survivor.
    const afterKill = outcomes.filter((outcome) => outcome.at > killedAt + 500)
    expect(afterKill.length).toBeGreaterThan(10)
    expect(afterKill.every((outcome) => outcome.status === 200 && outcome.ok)).toBe(true)
    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300)
    console.log(`reads: ${outcomes.length}, 2xx: ${successes.length}, others: ${failed.length} (${failed.map((f) => f.status).join(', ')})`)
    apiA = await cluster.startApi(apiA.port)
  }, 60_000)

  it('media: nginx sends a granted segment on its own after one grant check by the API; a forged grant or a missing file gets our JSON answer', async () => {
    const view = await (await fetch(`${nginxUrl}/api/v1/submissions/${submissionId}`, { headers: json(contributor.token) })).json()
    const hlsUrl = view.data.playback.hls_url as string
    const segmentPath = hlsUrl.replace('master.m3u8', 'v360p/seg_000.m4s')
    const grant = new URL(segmentPath, nginxUrl).searchParams.get('grant')!
    // Asked directly, an API process still hands a checked file to nginx by X-Accel-Redirect.
    const upstream = await fetch(`${cluster.apiUrl(apiB)}${segmentPath}`)
    expect(upstream.status).toBe(200)
    const accel = upstream.headers.get('x-accel-redirect')!
    expect(accel).toMatch(/^\/internal-media\/[a-f0-9]{32}\/v360p\/seg_000\.m4s$/)
    expect((await upstream.arrayBuffer()).byteLength).toBe(0)
    const file = fs.readFileSync(path.join(cluster.dataDir, 'media', accel.replace('/internal-media/', '')))
    // The check nginx asks for and keeps, per video and grant: good for at most 5 minutes.
    const check = await fetch(`${cluster.apiUrl(apiB)}/media/grant/${accel.split('/')[2]}/${grant}`)
    expect(check.status).toBe(200)
    const window = Number(check.headers.get('x-accel-expires'))
    expect(window).toBeGreaterThan(0)
    expect(window).toBeLessThanOrEqual(300)

    const viaNginx = await fetch(`${nginxUrl}${segmentPath}`)
    expect(viaNginx.status).toBe(200)
    expect(viaNginx.headers.get('x-accel-redirect')).toBeNull()
    expect(viaNginx.headers.get('x-media-cache-control')).toBeNull()
    expect(viaNginx.headers.get('content-type')).toBe('video/iso.segment')
    expect(viaNginx.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=31536000, immutable')
    expect(viaNginx.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await viaNginx.arrayBuffer()).equals(file)).toBe(true)
    const ranged = await fetch(`${nginxUrl}${segmentPath}`, { headers: { range: 'bytes=0-99' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(file.subarray(0, 100))).toBe(true)

    const forgedGrant = grant.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    const forged = await fetch(`${nginxUrl}${segmentPath.replace(grant, forgedGrant)}`)
    expect(forged.status).toBe(403)
    expect(forged.headers.get('content-type')).toMatch(/application\/json/)
    expect(await forged.json()).toMatchObject({ error: 'forbidden' })
    const missing = await fetch(`${nginxUrl}${segmentPath.replace('seg_000', 'seg_999')}`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: 'not_found' })
    // The internal location is not reachable from outside.
    expect((await fetch(`${nginxUrl}${accel}`)).status).toBe(404)
  })
})
