/**
 * The studio's waveform over HTTP (issue 44), on whichever engine the project runs, from a real upload
 * through real processing: the job queued after the transcode makes the peaks from the ladder's audio
 * (it never reads the uploaded source, which may be deleted by then), 50 a second over the video's duration; a submission
 * processed before the job existed gets 202 with Retry-After on its first GET, then 200 once its job
 * ran. The owner and an admin read it; another contributor gets 404 as for any submission of others.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { tusUpload } from '../../test-support/tus-upload.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'
import { generateTestVideo } from '../media/ffmpeg.ts'
import { waveformObjectKey } from '../media/ladder-waveform.ts'

let server: TestServer
let work: string
let clip: Buffer
let people = 0

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-waveform-'))
  await generateTestVideo({ out: path.join(work, 'clip.mp4'), seconds: 8, width: 320, height: 180 })
  clip = fs.readFileSync(path.join(work, 'clip.mp4'))
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
}, 120_000)
afterAll(async () => {
  await server?.close()
  fs.rmSync(work, { recursive: true, force: true })
})

async function person(role: 'contributor' | 'admin') {
  const { token, user } = await signIn(server, `waveform${++people}@example.com`)
  await makeContributor(server, user.id)
  if (role === 'admin') await updateUser(server, user.id, { is_admin: 1 })
  return { id: user.id, token }
}

async function uploaded(token: string): Promise<number> {
  const response = await apiClient(server.api, { token }).post('/submissions', {
    submission: {
      title: 'Chợ nổi', description: 'Market', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [],
      series_name: null, episode_number: null, release_confirmed: true, publishable: true,
    },
  })
  expect(response.status).toBe(201)
  const id = response.body.data.id as number
  await tusUpload({ endpoint: `${server.api}/uploads`, token, data: clip, submissionId: id, chunkSize: 256 * 1024 }).done
  await server.ctx.jobs.whenIdle()
  return id
}

const waveform = (token: string, id: number | string) => fetch(`${server.api}/submissions/${id}/waveform`, { headers: { authorization: `Bearer ${token}` } })

interface Ready {
  status: 'ready'
  duration_seconds: number
  peaks_per_second: number
  peaks: number[]
}

async function expectReady(response: Response, durationSeconds: number) {
  expect(response.status).toBe(200)
  const { data } = (await response.json()) as { data: Ready }
  expect(data.status).toBe('ready')
  expect(data.peaks_per_second).toBe(50)
  expect(Math.abs(data.duration_seconds - durationSeconds)).toBeLessThan(0.5)
  expect(data.peaks.length).toBe(Math.ceil(data.duration_seconds * 50))
  // The clip sounds a steady tone (lavfi's sine, at 1/8 of full scale) all through: peaks, not a flat line.
  expect(data.peaks.filter((peak) => peak > 15).length).toBeGreaterThan(data.peaks.length * 0.8)
  return data
}

describe('the waveform job', () => {
  it('makes a fresh upload\'s waveform after its transcode, from the ladder, for the owner and an admin; 404 for anyone else', async () => {
    const owner = await person('contributor')
    const id = await uploaded(owner.token)
    const row = await server.ctx.database.db.selectFrom('submissions').select(['duration_seconds', 'processing_state']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.processing_state).toBe('ready')
    await expectReady(await waveform(owner.token, id), row.duration_seconds!)

    const admin = await person('admin')
    await expectReady(await waveform(admin.token, id), row.duration_seconds!)

    const other = await person('contributor')
    const refused = await waveform(other.token, id)
    expect(refused.status).toBe(404)
    expect(((await refused.json()) as { error: string }).error).toBe('not_found')
    expect((await waveform(owner.token, 'abc')).status).toBe(404)
  }, 120_000)

  it('answers 202 with Retry-After for a submission processed before the job existed, then 200 once made', async () => {
    const owner = await person('contributor')
    const id = await uploaded(owner.token)
    const row = await server.ctx.database.db.selectFrom('submissions').select(['duration_seconds', 'media_key']).where('id', '=', id).executeTakeFirstOrThrow()
    // As an older server left it: a ladder, no peaks, no waveform job ever queued.
    await server.ctx.storage.media.remove(waveformObjectKey(row.media_key!))
    await server.ctx.database.db.deleteFrom('jobs').where('kind', '=', 'make_waveform').execute()

    const pending = await waveform(owner.token, id)
    expect(pending.status).toBe(202)
    expect(pending.headers.get('retry-after')).toBe('3')
    expect(await pending.json()).toEqual({ data: { status: 'pending', retry_after_seconds: 3 } })
    await server.ctx.jobs.whenIdle()
    await expectReady(await waveform(owner.token, id), row.duration_seconds!)
  }, 120_000)

  it('answers 404 no_waveform before any upload', async () => {
    const owner = await person('contributor')
    const created = await apiClient(server.api, { token: owner.token }).post('/submissions', {
      submission: { title: 'Chưa có', description: '', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], series_name: null, episode_number: null, release_confirmed: true, publishable: true },
    })
    const response = await waveform(owner.token, created.body.data.id)
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: string }).error).toBe('no_waveform')
  })
})
