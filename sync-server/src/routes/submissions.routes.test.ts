/** Submissions over HTTP: roles, validation, idempotency, visibility and review (no media needed). */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { newMediaKey } from '../storage/media-paths.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'

let server: TestServer
let maker: ReturnType<typeof apiClient>
let other: ReturnType<typeof apiClient>
let learner: ReturnType<typeof apiClient>
let admin: ReturnType<typeof apiClient>
let adminToken: string

const body = (extra: Record<string, unknown> = {}) => ({
  submission: {
    title: '  Phở Hà Nội  ',
    description: 'How phở is made.',
    proficiency_level: 'intermediate',
    language_code: 'vi',
    creator_emails: [' Cook@Example.com ', 'cook@example.com', 'helper@example.com'],
    series_name: 'Ẩm thực',
    episode_number: 2,
    release_confirmed: true,
    publishable: false,
    ...extra,
  },
})

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'boss@example.com' } })
  const sessions = await Promise.all(
    ['maker@example.com', 'other@example.com', 'learner@example.com', 'boss@example.com'].map((email) => signIn(server, email)),
  )
  for (const session of sessions.slice(0, 2)) {
    await makeContributor(server, session.user.id)
  }
  ;[maker, other, learner, admin] = sessions.map((session) => apiClient(server.api, { token: session.token }))
  adminToken = sessions[3].token
})

afterAll(() => server?.close())

describe('POST /submissions', () => {
  it('creates a submission and answers where to upload the file', async () => {
    const response = await maker.post('/submissions', body())
    expect(response.status).toBe(201)
    const id = response.body.data.id
    expect(response.body.data).toEqual({ id, upload: { endpoint: '/api/v1/uploads', metadata: { submission_id: String(id) } } })
    const { body: shown } = await maker.get(`/submissions/${id}`)
    expect(shown.data).toMatchObject({
      id,
      title: 'Phở Hà Nội',
      proficiency_level: 'intermediate',
      language_code: 'vi',
      uploaded_by: { email: 'maker@example.com', display_name: null },
      creators: [{ email: 'cook@example.com' }, { email: 'helper@example.com' }],
      series_name: 'Ẩm thực',
      episode_number: 2,
      status: 'pending',
      publishable_status: 'incomplete',
      published_video_id: null,
      upload: { state: 'awaiting', bytes_received: 0, bytes_total: null },
      processing: { state: 'waiting', percent: 0, error: null },
      playback: null,
    })
    expect(Date.parse(shown.data.created_at)).toBeGreaterThan(0)
  })

  it('is idempotent by client_id: a retry answers 200 with the first id', async () => {
    const client_id = randomUUID()
    const first = await maker.post('/submissions', body({ client_id }))
    const again = await maker.post('/submissions', body({ client_id, title: 'Changed' }))
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(first.body.data.id)
    // The same client_id from someone else is their own submission.
    expect((await other.post('/submissions', body({ client_id }))).status).toBe(201)
  })

  it('needs the release confirmation, a title, a level and a language we teach (422)', async () => {
    for (const extra of [
      { release_confirmed: false },
      { release_confirmed: undefined },
      { title: '   ' },
      { proficiency_level: 'expert' },
      { language_code: 'fr' },
      { creator_emails: ['not-an-address'] },
      { episode_number: 0 },
      { client_id: 'nope' },
    ]) {
      const response = await maker.post('/submissions', body(extra))
      expect(response.status, JSON.stringify(extra)).toBe(422)
      expect(response.body.error).toBe('validation_failed')
    }
    expect((await maker.post('/submissions', { nothing: true })).status).toBe(422)
    expect((await maker.call('POST', '/submissions', { rawBody: '{"submission":', headers: { 'content-type': 'application/json' } })).status).toBe(400)
  })

  it('is for contributors and admins only', async () => {
    expect((await learner.post('/submissions', body())).status).toBe(403)
    expect((await apiClient(server.api).post('/submissions', body())).status).toBe(401)
    expect((await admin.post('/submissions', body())).status).toBe(201)
  })
})

describe('listing, reading, reviewing and deleting', () => {
  it('lists own submissions; admins see all, or their own with ?mine=1', async () => {
    const mine = await maker.get('/submissions')
    expect(mine.status).toBe(200)
    expect(mine.body.data.every((s: { uploaded_by: { email: string } }) => s.uploaded_by.email === 'maker@example.com')).toBe(true)
    const all = await admin.get('/submissions')
    const emails = new Set(all.body.data.map((s: { uploaded_by: { email: string } }) => s.uploaded_by.email))
    expect(emails).toEqual(new Set(['maker@example.com', 'other@example.com', 'boss@example.com']))
    const adminsOwn = await admin.get('/submissions?mine=1')
    expect(adminsOwn.body.data.map((s: { uploaded_by: { email: string } }) => s.uploaded_by.email)).toEqual(['boss@example.com'])
    const paged = await admin.get('/submissions?limit=2')
    expect(paged.body.data).toHaveLength(2)
    const next = await admin.get(`/submissions?limit=2&cursor=${paged.body.next_cursor}`)
    expect(next.body.data[0].id).toBeLessThan(paged.body.data[1].id)
    expect((await learner.get('/submissions')).status).toBe(403)
    expect((await admin.get('/submissions?limit=0')).status).toBe(422)
  })

  it("someone else's submission is not found; admins may read it", async () => {
    const id = (await maker.post('/submissions', body())).body.data.id
    expect((await other.get(`/submissions/${id}`)).status).toBe(404)
    expect((await admin.get(`/submissions/${id}`)).status).toBe(200)
    expect((await maker.get('/submissions/999999')).status).toBe(404)
    expect((await maker.get('/submissions/abc')).status).toBe(404) // not an id: names nothing
  })

  it('admins accept or decline a waiting submission; nobody else; a decision is not undone by a stray click', async () => {
    const id = (await maker.post('/submissions', body())).body.data.id
    expect((await maker.get(`/submissions/${id}`)).body.data).toMatchObject({ status: 'pending', stage: 'waiting' })
    expect((await maker.patch(`/submissions/${id}`, { submission: { status: 'accepted' } })).status).toBe(403)
    expect((await admin.patch(`/submissions/${id}`, { submission: { status: 'published' } })).status).toBe(422)
    const accepted = await admin.patch(`/submissions/${id}`, { submission: { status: 'accepted' } })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ status: 'accepted', stage: 'accepted' })
    expect((await admin.patch(`/submissions/${id}`, { submission: { status: 'accepted' } })).status).toBe(200)
    const declineAccepted = await admin.patch(`/submissions/${id}`, { submission: { status: 'rejected' } })
    expect(declineAccepted.status).toBe(409)
    expect(declineAccepted.body).toMatchObject({ error: 'conflict', message: 'An accepted submission cannot be declined.' })
    expect((await maker.get(`/submissions/${id}`)).body.data.stage).toBe('accepted')

    const other = (await maker.post('/submissions', body())).body.data.id
    expect((await admin.patch(`/submissions/${other}`, { submission: { status: 'rejected' } })).body.data).toMatchObject({ status: 'rejected', stage: 'declined' })
    const acceptDeclined = await admin.patch(`/submissions/${other}`, { submission: { status: 'accepted' } })
    expect(acceptDeclined.status).toBe(409)
    expect(acceptDeclined.body.message).toBe('A declined submission cannot be accepted.')
  })

  it('owners and admins delete (204); others cannot', async () => {
    const id = (await maker.post('/submissions', body())).body.data.id
    expect((await other.delete(`/submissions/${id}`)).status).toBe(404)
    expect((await learner.delete(`/submissions/${id}`)).status).toBe(403)
    expect((await maker.delete(`/submissions/${id}`)).status).toBe(204)
    expect((await maker.get(`/submissions/${id}`)).status).toBe(404)
    const second = (await maker.post('/submissions', body())).body.data.id
    expect((await admin.delete(`/submissions/${second}`)).status).toBe(204)
  })

  it('lists the series of a language to anyone signed in, empty at first; 401 without a token', async () => {
    expect((await learner.get('/languages/vi/series')).body).toEqual({ data: [] })
    const anonymous = await apiClient(server.api).get('/languages/vi/series')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toBe('unauthorized')
  })
})

/** A submission of `maker`'s, processed as the transcoder leaves it (no media needed to publish without thumbnails). */
async function processedSubmission(extra: Record<string, unknown> = {}): Promise<number> {
  const id = (await maker.post('/submissions', body({ client_id: randomUUID(), publishable: true, ...extra }))).body.data.id as number
  await server.ctx.database.db
    .updateTable('submissions')
    .set({ processing_state: 'ready', processing_percent: 100, duration_seconds: 42, media_key: newMediaKey() })
    .where('id', '=', id)
    .execute()
  return id
}

function publish(id: number) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ title: 'Phở', description: 'Soup', proficiency_level: 'beginner', is_free: 'true', series_mode: 'none' })) {
    form.set(name, value)
  }
  return fetch(`${server.api}/submissions/${id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form })
}

describe('one status: waiting → accepted → published, or declined', () => {
  it('publishing a waiting submission accepts it; published, it reads published and cannot be declined', async () => {
    const id = await processedSubmission()
    expect((await admin.get(`/submissions/${id}`)).body.data).toMatchObject({ stage: 'waiting', publishable_status: 'publishable' })
    expect((await publish(id)).status).toBe(201)
    // Read again, as after a reload.
    expect((await admin.get(`/submissions/${id}`)).body.data).toMatchObject({ status: 'accepted', stage: 'published', publishable_status: 'published' })
    expect((await maker.get(`/submissions/${id}`)).body.data.stage).toBe('published')
    const decline = await admin.patch(`/submissions/${id}`, { submission: { status: 'rejected' } })
    expect(decline.status).toBe(409)
    expect(decline.body.message).toBe('A published submission cannot be declined.')
    expect((await admin.patch(`/submissions/${id}`, { submission: { status: 'accepted' } })).body.data.stage).toBe('published')
    const again = await publish(id)
    expect(again.status).toBe(409)
  })

  it('a declined submission is not published, and nothing is written', async () => {
    const id = await processedSubmission()
    await admin.patch(`/submissions/${id}`, { submission: { status: 'rejected' } })
    const videosBefore = (await server.ctx.database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n
    const refused = await publish(id)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ error: 'conflict', message: 'A declined submission cannot be published.' })
    const videosAfter = (await server.ctx.database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n
    expect(Number(videosAfter)).toBe(Number(videosBefore))
    expect((await admin.get(`/submissions/${id}`)).body.data).toMatchObject({ stage: 'declined', published_video_id: null })
  })

  it("the admin summary counts what is ready to publish and waiting for review; admins only", async () => {
    const before = (await admin.get('/admin/summary')).body.data as Record<string, number>
    const ready = await processedSubmission()
    await processedSubmission()
    const declined = await processedSubmission()
    await admin.patch(`/submissions/${declined}`, { submission: { status: 'rejected' } })
    await maker.post('/submissions', body()) // waiting for its file: waiting for review, not ready
    const counted = await admin.get('/admin/summary')
    expect(counted.status).toBe(200)
    expect(counted.body.data).toEqual({
      submissions_ready_to_publish: before.submissions_ready_to_publish + 2,
      submissions_waiting_for_review: before.submissions_waiting_for_review + 3,
      applications_pending: before.applications_pending,
    })
    expect((await publish(ready)).status).toBe(201)
    expect((await admin.get('/admin/summary')).body.data).toMatchObject({
      submissions_ready_to_publish: before.submissions_ready_to_publish + 1,
      submissions_waiting_for_review: before.submissions_waiting_for_review + 2,
    })
    expect((await maker.get('/admin/summary')).status).toBe(403)
    expect((await learner.get('/admin/summary')).status).toBe(403)
  })
})

describe('POST /submissions/:id/publish', () => {
  it('answers 201 with the VideoDetail GET /videos/ID shows, creators named', async () => {
    const cook = await signIn(server, 'cook@example.com')
    await updateUser(server, cook.user.id, { display_name: 'Bếp Trưởng' })
    const id = (await maker.post('/submissions', body({ client_id: randomUUID(), publishable: true }))).body.data.id
    // Processed, as the transcoder would leave it (no media needed to publish without thumbnails).
    await server.ctx.database.db
      .updateTable('submissions')
      .set({ processing_state: 'ready', processing_percent: 100, duration_seconds: 42, media_key: newMediaKey() })
      .where('id', '=', id)
      .execute()
    const form = new FormData()
    for (const [name, value] of Object.entries({ title: 'Phở', description: 'Soup', proficiency_level: 'beginner', is_free: 'true', series_mode: 'none' })) {
      form.set(name, value)
    }
    const response = await fetch(`${server.api}/submissions/${id}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    })
    expect(response.status).toBe(201)
    const published = ((await response.json()) as { data: Record<string, any> }).data
    expect(published.creators).toEqual([{ display_name: 'Bếp Trưởng' }, { display_name: null }])
    expect(published).toMatchObject({ title: 'Phở', access_level: 'free', duration_seconds: 42, can_watch: 'full', series: null })
    const shown = (await admin.get(`/videos/${published.id}`)).body.data
    expect({ ...published, playback: null }).toEqual({ ...shown, playback: null })
  })
})
