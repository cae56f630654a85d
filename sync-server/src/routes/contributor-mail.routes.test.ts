/**
 * The contributor's journey by e-mail (issue 41), through the real SMTP test server, each mail read as
 * its reader reads it: the application received, accepted (how to sign in, where to go) or declined,
 * and a submission published (its link), in the reader's language.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { readMail } from '../../test-support/smtp-capture.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'
import { newMediaKey } from '../storage/media-paths.ts'

const APP = 'https://dehieu.example'
let server: TestServer
let admin: ReturnType<typeof apiClient>
let adminToken: string

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'boss@example.com', PUBLIC_URL: APP } })
  adminToken = (await signIn(server, 'boss@example.com')).token
  admin = apiClient(server.api, { token: adminToken })
})
afterAll(() => server?.close())

const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0]), Buffer.alloc(4000, 0x11)])

async function apply(name: string, email: string, uiLanguage?: string): Promise<number> {
  const body = new FormData()
  for (const [field, value] of Object.entries({ name, email, english_ability: 'well', ...(uiLanguage && { ui_language: uiLanguage }) })) body.set(field, value)
  body.set('video', new Blob([new Uint8Array(mp4)], { type: 'video/mp4' }), 'me.mp4')
  const response = await fetch(`${server.api}/contributor_applications`, { method: 'POST', body })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { id: number } }).data.id
}

/** The mails to `email` so far, read, oldest first. */
const mailsTo = (email: string) => server.smtp.mails.filter((mail) => mail.to.includes(email)).map(readMail)

describe('an application', () => {
  it('is answered at once in the language the form was sent in, and in English when none was', async () => {
    await apply('Trần Thị Mai', 'mai@example.com', 'vi')
    await expect.poll(() => mailsTo('mai@example.com').length).toBe(1)
    const [received] = mailsTo('mai@example.com')
    expect(received.subject).toBe('Chúng tôi đã nhận đơn đăng ký cộng tác với Dễ Hiểu của bạn')
    expect(received.text).toContain('Chào Trần Thị Mai,')
    expect(received.text).toContain('Chúng tôi đã nhận được đơn và video mẫu của bạn.')

    await apply('Sam Lee', 'sam@example.com')
    await expect.poll(() => mailsTo('sam@example.com').length).toBe(1)
    const [english] = mailsTo('sam@example.com')
    expect(english.subject).toBe('We received your application to contribute to Dễ Hiểu')
    expect(english.text).toContain('Hello Sam Lee,')
    expect(english.text).toContain('write to you at this address with our answer')
  })

  it('accepted: says how to sign in and where to go, once, in that language; the first sign-in is a contributor', async () => {
    const id = await apply('Lê Văn Hùng', 'hung@example.com', 'vi')
    await expect.poll(() => mailsTo('hung@example.com').length).toBe(1)
    expect((await admin.patch(`/admin/applications/${id}`, { application: { status: 'accepted' } })).status).toBe(200)
    await expect.poll(() => mailsTo('hung@example.com').length).toBe(2)
    const accepted = mailsTo('hung@example.com')[1]
    expect(accepted.subject).toBe('Chào mừng bạn đến với Dễ Hiểu: đơn đăng ký của bạn đã được chấp nhận')
    expect(accepted.text).toContain(`hãy đăng nhập tại ${APP}/login bằng địa chỉ e-mail này (hung@example.com)`)
    expect(accepted.text).toContain(`bảng điều khiển cộng tác viên, ${APP}/contributor-dashboard,`)
    // A second click changes nothing and mails nothing.
    expect((await admin.patch(`/admin/applications/${id}`, { application: { status: 'accepted' } })).status).toBe(200)
    expect((await admin.get('/admin/applications?status=accepted')).status).toBe(200)
    expect(mailsTo('hung@example.com')).toHaveLength(2)
    const first = await signIn(server, 'hung@example.com')
    expect(first).toMatchObject({ is_new_user: true, user: { is_contributor: true } })
  })

  it("declined: a kind no, in the account's own language when the account has one", async () => {
    const person = await signIn(server, 'anh@example.com')
    await updateUser(server, person.user.id, { ui_language: 'en' })
    const id = await apply('Phạm Anh', 'anh@example.com', 'vi')
    await expect.poll(() => mailsTo('anh@example.com').length).toBeGreaterThanOrEqual(1)
    const before = mailsTo('anh@example.com').length
    expect((await admin.patch(`/admin/applications/${id}`, { application: { status: 'rejected' } })).status).toBe(200)
    await expect.poll(() => mailsTo('anh@example.com').length).toBe(before + 1)
    const declined = mailsTo('anh@example.com').at(-1)!
    expect(declined.subject).toBe('Your application to contribute to Dễ Hiểu')
    expect(declined.text).toContain('Hello Phạm Anh,')
    expect(declined.text).toContain('We are not able to take you on as a contributor this time.')
  })
})

describe('a submission', () => {
  it('published: the uploader gets its link, in their language', async () => {
    const maker = await signIn(server, 'maker@example.com')
    await makeContributor(server, maker.user.id)
    await updateUser(server, maker.user.id, { ui_language: 'vi' })
    const created = await apiClient(server.api, { token: maker.token }).post('/submissions', {
      submission: { title: 'Phở bò', description: '', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true, client_id: randomUUID() },
    })
    const id = created.body.data.id as number
    await server.ctx.database.db
      .updateTable('submissions')
      .set({ processing_state: 'ready', processing_percent: 100, duration_seconds: 42, media_key: newMediaKey() })
      .where('id', '=', id)
      .execute()
    const form = new FormData()
    for (const [name, value] of Object.entries({ title: 'Phở bò Hà Nội', description: 'Soup', proficiency_level: 'beginner', is_free: 'true', series_mode: 'none' })) form.set(name, value)
    const published = await fetch(`${server.api}/submissions/${id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form })
    expect(published.status).toBe(201)
    const videoId = ((await published.json()) as { data: { id: number } }).data.id
    await expect.poll(() => mailsTo('maker@example.com').filter((mail) => mail.subject.includes('Phở bò Hà Nội')).length).toBe(1)
    const mail = mailsTo('maker@example.com').find((item) => item.subject.includes('Phở bò Hà Nội'))!
    expect(mail.subject).toBe('Video “Phở bò Hà Nội” của bạn đã được đăng trên Dễ Hiểu')
    expect(mail.text).toContain(`${APP}/languages/vi/videos/${videoId}`)
    expect(mail.text).toContain('người học có thể xem tại đây')
  })
})
