/**
 * The captioning studio's tracks over HTTP (issue 44, api-contract "The captioning studio"), on
 * whichever engine the project runs: a track read back with its ETag, a save over it with If-Match
 * (412 changed_elsewhere once another save came between), If-None-Match: * for a first track, and
 * the glossary read back as saved. Another contributor gets 404, as the other submission routes answer.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor, updateUser } from '../../test-support/users.ts'

let server: TestServer
let people = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})
afterAll(() => server.close())

async function person(role: 'contributor' | 'admin') {
  const { token, user } = await signIn(server, `studio${++people}@example.com`)
  await makeContributor(server, user.id)
  if (role === 'admin') await updateUser(server, user.id, { is_admin: 1 })
  return { id: user.id, token }
}

async function submission(ownerId: number) {
  const { id } = await server.ctx.database.db
    .insertInto('submissions')
    .values({
      user_id: ownerId,
      title: `Bài ${crypto.randomUUID().slice(0, 8)}`,
      proficiency_level: 'beginner',
      language_code: 'vi',
      processing_state: 'ready',
      media_key: crypto.randomBytes(16).toString('hex'),
      duration_seconds: 60,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const vtt = (...lines: string[]) => `WEBVTT\n\n${lines.map((text, k) => `00:0${k * 2}.000 --> 00:0${k * 2 + 1}.500\n${text}\n`).join('\n')}`

function put(token: string, id: number, lang: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.api}/submissions/${id}/captions/${lang}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/vtt', ...headers }, body })
}
function get(token: string, id: number | string, lang: string, headers: Record<string, string> = {}) {
  return fetch(`${server.api}/submissions/${id}/captions/${lang}`, { headers: { authorization: `Bearer ${token}`, ...headers } })
}
const errorOf = async (response: Response) => ((await response.json()) as { error: string; message: string }).error

describe('a track read back and saved with its ETag', () => {
  it('answers the stored file with an ETag, 304 when unchanged, and the saved one after a save', async () => {
    const owner = await person('contributor')
    const id = await submission(owner.id)
    expect((await get(owner.token, id, 'vi')).status).toBe(404)
    const first = await put(owner.token, id, 'vi', vtt('Xin chào!', 'Cảm ơn.'))
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"\d+"$/)

    const read = await get(owner.token, id, 'vi')
    expect(read.status).toBe(200)
    expect(read.headers.get('content-type')).toMatch(/^text\/vtt; charset=utf-8/)
    expect(read.headers.get('etag')).toBe(etag)
    expect(await read.text()).toContain('Cảm ơn.')
    expect((await get(owner.token, id, 'vi', { 'if-none-match': etag })).status).toBe(304)

    const second = await put(owner.token, id, 'vi', vtt('Xin chào!', 'Cảm ơn nhiều.'), { 'if-match': etag })
    expect(second.status).toBe(200)
    expect(((await second.json()) as { data: unknown }).data).toEqual({ language: 'vi', cues: 2, duration_seconds: 3.5 })
    const next = second.headers.get('etag')!
    expect(next).not.toBe(etag)
    const reread = await get(owner.token, id, 'vi', { 'if-none-match': etag })
    expect(reread.status).toBe(200)
    expect(reread.headers.get('etag')).toBe(next)
    expect(await reread.text()).toContain('Cảm ơn nhiều.')
  })

  it('refuses a save over a track changed since (412 changed_elsewhere) and keeps the newer one', async () => {
    const owner = await person('contributor')
    const id = await submission(owner.id)
    const opened = (await put(owner.token, id, 'vi', vtt('Một.'))).headers.get('etag')!
    // Another tab saves first, from the same version.
    const elsewhere = await put(owner.token, id, 'vi', vtt('Hai.'), { 'if-match': opened })
    expect(elsewhere.status).toBe(200)
    const stale = await put(owner.token, id, 'vi', vtt('Ba.'), { 'if-match': opened })
    expect(stale.status).toBe(412)
    expect(await errorOf(stale)).toBe('changed_elsewhere')
    const kept = await get(owner.token, id, 'vi')
    expect(await kept.text()).toContain('Hai.')
    expect(kept.headers.get('etag')).toBe(elsewhere.headers.get('etag'))
    // "Keep mine": saved again over the version now stored.
    const mine = await put(owner.token, id, 'vi', vtt('Ba.'), { 'if-match': kept.headers.get('etag')! })
    expect(mine.status).toBe(200)
    expect(await (await get(owner.token, id, 'vi')).text()).toContain('Ba.')
  })

  it('two saves racing from one version: exactly one wins, whole', async () => {
    const owner = await person('contributor')
    const id = await submission(owner.id)
    const opened = (await put(owner.token, id, 'vi', vtt('Gốc.'))).headers.get('etag')!
    const answers = await Promise.all(['Tab một.', 'Tab hai.', 'Tab ba.'].map((line) => put(owner.token, id, 'vi', vtt(line), { 'if-match': opened })))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 412, 412])
    const winner = answers.find((answer) => answer.status === 200)!
    const stored = await get(owner.token, id, 'vi')
    expect(stored.headers.get('etag')).toBe(winner.headers.get('etag'))
    const text = await stored.text()
    expect(['Tab một.', 'Tab hai.', 'Tab ba.'].filter((line) => text.includes(line))).toHaveLength(1)
    // The losers left no cues behind: the transcript's cue count is the winner's.
    const cues = await server.ctx.database.db.selectFrom('caption_cues').select('id').where('submission_id', '=', id).where('language', '=', 'vi').execute()
    expect(cues).toHaveLength(1)
  })

  it('a track removed since the ETag was read is a change too; an ETag this server never gave matches nothing', async () => {
    const owner = await person('contributor')
    const id = await submission(owner.id)
    const opened = (await put(owner.token, id, 'en', vtt('One.'))).headers.get('etag')!
    expect((await fetch(`${server.api}/submissions/${id}/captions/en`, { method: 'DELETE', headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(204)
    const after = await put(owner.token, id, 'en', vtt('Two.'), { 'if-match': opened })
    expect(after.status).toBe(412)
    expect(await errorOf(after)).toBe('changed_elsewhere')
    expect((await get(owner.token, id, 'en')).status).toBe(404)
    expect((await put(owner.token, id, 'en', vtt('Two.'), { 'if-match': '*' })).status).toBe(412)
    const written = await put(owner.token, id, 'en', vtt('Two.'))
    expect((await put(owner.token, id, 'en', vtt('Three.'), { 'if-match': '"not-a-generation"' })).status).toBe(412)
    expect((await put(owner.token, id, 'en', vtt('Three.'), { 'if-match': `W/${written.headers.get('etag')!}` })).status).toBe(200)
  })

  it('If-None-Match: * writes a first track and refuses a second (412 track_exists)', async () => {
    const owner = await person('contributor')
    const id = await submission(owner.id)
    const first = await put(owner.token, id, 'vi', vtt('Lần đầu.'), { 'if-none-match': '*' })
    expect(first.status).toBe(200)
    const again = await put(owner.token, id, 'vi', vtt('Lần hai.'), { 'if-none-match': '*' })
    expect(again.status).toBe(412)
    expect(await errorOf(again)).toBe('track_exists')
    expect(await (await get(owner.token, id, 'vi')).text()).toContain('Lần đầu.')
  })

  it('a refused condition is answered after the caption check: bad captions stay 422', async () => {
    const owner = await person('contributor')
    const id = await submission(owner.id)
    const bad = await put(owner.token, id, 'vi', 'not webvtt', { 'if-match': '"1"' })
    expect(bad.status).toBe(422)
    expect(await errorOf(bad)).toBe('invalid_captions')
  })
})

describe('whose tracks and glossary these are', () => {
  it("another contributor gets 404 for the track and the glossary; an admin reads both", async () => {
    const owner = await person('contributor')
    const other = await person('contributor')
    const admin = await person('admin')
    const id = await submission(owner.id)
    const saved = await put(owner.token, id, 'vi', vtt('Chợ nổi.'))
    expect((await get(other.token, id, 'vi')).status).toBe(404)
    expect((await put(other.token, id, 'vi', vtt('Của tôi.'), { 'if-match': saved.headers.get('etag')! })).status).toBe(404)
    const adminRead = await get(admin.token, id, 'vi')
    expect(adminRead.status).toBe(200)
    expect(adminRead.headers.get('etag')).toBe(saved.headers.get('etag'))
    expect((await get(owner.token, id, 'fr')).status).toBe(404)
    expect((await get(owner.token, 'abc', 'vi')).status).toBe(404)

    const glossary = (token: string) => fetch(`${server.api}/submissions/${id}/glossary`, { headers: { authorization: `Bearer ${token}` } })
    expect(await (await glossary(owner.token)).json()).toEqual({ data: { entries: [] } })
    const entries = [{ headword: 'chợ nổi', glosses: ['floating market'] }, { headword: 'Cái Răng', glosses: ['a district of Cần Thơ'], note: 'a place' }]
    const putGlossary = await fetch(`${server.api}/submissions/${id}/glossary`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entries }),
    })
    expect(putGlossary.status).toBe(200)
    const reopened = (await (await glossary(owner.token)).json()) as { data: { entries: unknown[] } }
    expect(reopened).toEqual(await putGlossary.json())
    expect(reopened.data.entries).toHaveLength(2)
    expect((await glossary(other.token)).status).toBe(404)
    expect((await glossary(admin.token)).status).toBe(200)
  })
})
