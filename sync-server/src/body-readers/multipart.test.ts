/**
 * Multipart forms that break off or carry bad text, on each endpoint that reads one: the public
 * application form, the admin thumbnail form and the publish form. A broken form is 400 (413 for a
 * field too long), no temp file is left behind, and the server keeps serving.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { multipartBody, rawRequest, type Part } from '../../test-support/raw-request.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let adminToken: string

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'forms-admin@example.com' } })
  adminToken = (await signIn(server, 'forms-admin@example.com')).token
})
afterAll(() => server.close())

const mp4 = (size: number) => Buffer.concat([Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex'), Buffer.alloc(size, 0x11)])
const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size, 0x22)])

const applicationFields = (email: string): Part[] => [
  { name: 'name', value: 'Nguyễn Văn An' },
  { name: 'email', value: email },
  { name: 'location', value: 'Huế' },
  { name: 'english_ability', value: 'a_little' },
]

const incoming = () => {
  const dir = path.join(server.dataDir, 'incoming')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

async function healthy() {
  const health = await fetch(`${server.api}/health`)
  return health.status
}

/** The three multipart endpoints: their path, who may call them, and the file field they take. */
const FORMS = [
  { label: 'an application', path: '/contributor_applications', admin: false, file: 'video', data: () => mp4(300_000), type: 'video/mp4' },
  { label: 'a thumbnail upload', path: '/admin/videos/1/thumbnails', admin: true, file: 'thumbnail', data: () => jpeg(300_000), type: 'image/jpeg' },
  { label: 'a publish form', path: '/submissions/1/publish', admin: true, file: 'product_thumbnail', data: () => jpeg(300_000), type: 'image/jpeg' },
] as const

function send(form: (typeof FORMS)[number], body: Buffer, contentType: string, finish?: 'end' | 'destroy') {
  const headers: Record<string, string | number> = { 'content-type': contentType, 'content-length': body.length }
  if (form.admin) headers.authorization = `Bearer ${adminToken}`
  return rawRequest({ url: `${server.api}${form.path}`, headers, body, finish })
}

describe('multipart forms that break off', () => {
  for (const form of FORMS) {
    it(`${form.label} whose upload is cut off mid-file gets 400 and the server keeps serving`, async () => {
      const { body, contentType } = multipartBody([
        ...applicationFields('cut@example.com'),
        { name: form.file, filename: 'clip.bin', type: form.type, data: form.data() },
      ])
      // The body ends 100 KB into the file: no end of the part, no closing boundary.
      const cut = body.subarray(0, body.indexOf(form.data().subarray(0, 8)) + 100_000)
      const answer = await send(form, cut, contentType)
      expect(answer.status).toBe(400)
      expect(answer.json).toMatchObject({ error: 'bad_request', message: expect.any(String) })
      expect(incoming()).toEqual([]) // the half-written file is gone
      expect(await healthy()).toBe(200)
    })
  }

  it('a form cut off in a part header, in a field, or right before its final boundary gets 400', async () => {
    const whole = multipartBody([...applicationFields('parts@example.com'), { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(2000) }])
    const headerAt = whole.body.indexOf('Content-Disposition: form-data; name="location"')
    const fieldAt = whole.body.indexOf('Văn')
    const cuts = {
      'in a part header': whole.body.subarray(0, headerAt + 20),
      'in a field': whole.body.subarray(0, fieldAt + 2),
      'without the final boundary': multipartBody([...applicationFields('parts@example.com'), { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(2000) }], { close: false }).body,
      'with a malformed part header': Buffer.concat([Buffer.from('--dehieu-test-boundary\r\nContent-Disposition form-data\r\n'), Buffer.alloc(20_000, 0x41)]),
    }
    for (const [where, body] of Object.entries(cuts)) {
      const answer = await send(FORMS[0], body, whole.contentType)
      expect(answer.status, where).toBe(400)
    }
    expect(incoming()).toEqual([])
    expect(await healthy()).toBe(200)
  })

  it('an upload whose client goes away mid-file leaves no file behind, and the server keeps serving', async () => {
    const { body, contentType } = multipartBody([
      ...applicationFields('gone@example.com'),
      { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(4_000_000) },
    ])
    const request = http.request(`${server.api}/contributor_applications`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': body.length },
      agent: false,
    })
    request.on('error', () => {})
    request.write(body.subarray(0, 1_000_000))
    // Gone once the server is writing the file, so there is a half-written file to clear.
    await vi.waitFor(() => expect(incoming()).toHaveLength(1), { timeout: 5000, interval: 10 })
    request.destroy()
    await vi.waitFor(() => expect(incoming()).toEqual([]), { timeout: 5000, interval: 10 })
    expect(await healthy()).toBe(200)
  })
})

describe('text in multipart fields', () => {
  it('refuses a field that holds a NUL or is not UTF-8 with 400 invalid_text, and keeps nothing', async () => {
    for (const name of [Buffer.from('An\0'), Buffer.from([0x41, 0xff, 0xfe])]) {
      const { body, contentType } = multipartBody([
        { name: 'name', value: name },
        ...applicationFields('text@example.com').slice(1),
        { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(2000) },
      ])
      const answer = await send(FORMS[0], body, contentType)
      expect(answer.status).toBe(400)
      expect(answer.json).toMatchObject({ error: 'invalid_text', errors: [expect.stringContaining('"name"')] })
    }
    const kept = await server.ctx.database.db.selectFrom('contributor_applications').select('id').where('email', '=', 'text@example.com').execute()
    expect(kept).toEqual([])
    expect(incoming()).toEqual([])
  })

  it('refuses a field longer than 64 KB with 413 rather than keeping a cut-off piece of it', async () => {
    const { body, contentType } = multipartBody([
      ...applicationFields('long@example.com'),
      { name: 'notes', value: 'a'.repeat(70_000) },
      { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(2000) },
    ])
    const answer = await send(FORMS[0], body, contentType)
    expect(answer.status).toBe(413)
    expect(answer.json).toMatchObject({ error: 'payload_too_large' })
  })

  it('stores an applicant name typed with combining accents composed (NFC)', async () => {
    const { body, contentType } = multipartBody([
      { name: 'name', value: 'Nguye\u0302\u0303n Va\u0306n An' },
      ...applicationFields('nfc-form@example.com').slice(1),
      { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: mp4(2000) },
    ])
    const answer = await send(FORMS[0], body, contentType)
    expect(answer.status).toBe(201)
    const stored = await server.ctx.database.db.selectFrom('contributor_applications').select('name').where('email', '=', 'nfc-form@example.com').executeTakeFirst()
    expect(stored?.name).toBe('Nguyễn Văn An')
  })
})
