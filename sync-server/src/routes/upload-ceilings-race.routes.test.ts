/**
 * The ceilings of upload-ceilings.routes.test.ts under requests that arrive together (issue 45, item 3):
 * 12 tus creations at once against a share of 3 unfinished uploads, and many applications at once
 * against the hour's ceiling. Each must hold exactly, and what was refused leaves nothing stored.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOADS_PATH } from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor } from '../../test-support/users.ts'
import { applicationsDir, uploadsDir } from '../storage/media-paths.ts'

const MP4_HEAD = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex')
const b64 = (text: string) => Buffer.from(text).toString('base64')

function createUpload(server: TestServer, token: string, submissionId: number, length: number) {
  return fetch(`${server.baseUrl}${UPLOADS_PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `submission_id ${b64(String(submissionId))},filename ${b64('clip.mp4')}`,
    },
  }).then(async (response) => ({ status: response.status, body: (await response.text()) || undefined }))
}

function apply(server: TestServer, n: number) {
  const form = new FormData()
  form.append('name', 'Lan')
  form.append('email', `race${n}@example.com`)
  form.append('location', 'Huế')
  form.append('english_ability', 'a_little')
  form.append('notes', '')
  form.append('video', new Blob([new Uint8Array(MP4_HEAD)], { type: 'video/mp4' }), 'sample.mp4')
  return fetch(`${server.api}/contributor_applications`, { method: 'POST', body: form }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }))
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

describe('unfinished uploads created together', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { UNFINISHED_UPLOADS_PER_CONTRIBUTOR: '3', UNFINISHED_UPLOAD_BYTES_PER_CONTRIBUTOR: String(6 * 2 ** 30), MAX_UPLOAD_BYTES: String(2 * 2 ** 30) } })
  })
  afterAll(() => server.close())

  it('12 creations of 2 GiB at once: exactly 3 are taken (3 uploads, 6 GiB), the others 429, and only 3 are stored', async () => {
    const session = await signIn(server, 'lan.race@example.com')
    await makeContributor(server, session.user.id)
    const api = apiClient(server.api, { token: session.token })
    const ids: number[] = []
    for (let i = 0; i < 12; i++) {
      const answer = await api.post('/submissions', {
        submission: { title: `Chợ ${i}`, proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true },
      })
      ids.push(answer.body.data.id)
    }
    const answers = await Promise.all(ids.map((id) => createUpload(server, session.token, id, 2 * 2 ** 30)))
    const statuses = answers.map((answer) => answer.status)
    expect(count(statuses, 201)).toBe(3)
    expect(count(statuses, 429)).toBe(9)
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(JSON.parse(refused.body!)).toMatchObject({ error: 'upload_quota_exceeded', message: expect.stringContaining('Finish or cancel one first') })
    }
    const bound = await server.ctx.database.db.selectFrom('submissions').select('upload_id').where('upload_id', 'is not', null).execute()
    expect(bound).toHaveLength(3)
    const stored = fs.readdirSync(uploadsDir(server.dataDir)).filter((name) => !name.endsWith('.json'))
    expect(stored.sort()).toEqual(bound.map((row) => row.upload_id).sort())
  })
})

describe('applications sent together', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: { APPLICATION_VIDEOS_PER_HOUR: '5' } })
  })
  afterAll(() => server.close())

  it('16 at once against a ceiling of 5 an hour: exactly 5 are stored, the others 429 with nothing kept', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => apply(server, n)))
    const statuses = answers.map((answer) => answer.status)
    expect(count(statuses, 201)).toBe(5)
    expect(count(statuses, 429)).toBe(11)
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.body).toMatchObject({ error: 'rate_limited' })
    expect(await server.ctx.database.db.selectFrom('contributor_applications').select('id').execute()).toHaveLength(5)
    expect(fs.readdirSync(applicationsDir(server.dataDir))).toHaveLength(5)
  })
})
