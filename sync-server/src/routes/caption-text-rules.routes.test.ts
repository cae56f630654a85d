/**
 * What a caption line may hold (issue 45, items 6 and 10), over HTTP on whichever engine the project
 * runs: a cue whose tags nest past CUE_MAX_TAG_DEPTH (100,000 `<c.a>` overflowed the stack: a 500) is
 * refused with 422 invalid_captions naming its line; invisible direction marks (U+200E, U+200F,
 * U+061C) are taken out as bidi controls are; a run of more than 3 combining marks is refused.
 * Nothing is stored from a refused file.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CUE_MAX_TAG_DEPTH } from '../../../contract/cue-text.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { makeContributor } from '../../test-support/users.ts'

let server: TestServer
let owner: { token: string; id: number }

beforeAll(async () => {
  server = await startTestServer()
  const signedIn = await signIn(server, 'captioner@example.com')
  await makeContributor(server, signedIn.user.id)
  owner = { token: signedIn.token, id: signedIn.user.id }
})
afterAll(() => server.close())

async function submission() {
  const { id } = await server.ctx.database.db
    .insertInto('submissions')
    .values({
      user_id: owner.id,
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

async function put(submissionId: number, vtt: string) {
  const answer = await fetch(`${server.api}/submissions/${submissionId}/captions/vi`, {
    method: 'PUT',
    headers: { 'content-type': 'text/vtt', authorization: `Bearer ${owner.token}` },
    body: vtt,
  })
  return { status: answer.status, body: (await answer.json()) as { error?: string; errors?: string[] } }
}

const stored = async (submissionId: number) => ({
  tracks: await server.ctx.database.db.selectFrom('caption_tracks').select('vtt').where('submission_id', '=', submissionId).execute(),
  cues: await server.ctx.database.db.selectFrom('caption_cues').select('text').where('submission_id', '=', submissionId).orderBy('start_seconds').execute(),
})

const nested = (depth: number, text = 'x') => `${'<c.a>'.repeat(depth)}${text}${'</c>'.repeat(depth)}`

describe('caption lines', () => {
  it('refuses 100,000 nested tags in a cue with 422 invalid_captions on its line, and stores nothing', async () => {
    const id = await submission()
    const answer = await put(id, `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nđúng\n\n00:00:03.000 --> 00:00:04.000\n${nested(100_000)}\n`)
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ error: 'invalid_captions', errors: [`Line 6: the cue's tags nest 100000 deep; at most ${CUE_MAX_TAG_DEPTH}.`] })
    expect(await stored(id)).toEqual({ tracks: [], cues: [] })
    // The server still answers.
    expect((await fetch(`${server.api}/health`)).status).toBe(200)
  })

  it('keeps tags nested up to the limit, reading their words', async () => {
    const id = await submission()
    expect((await put(id, `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${nested(CUE_MAX_TAG_DEPTH, 'Chào <b>bạn</b>')}\n`)).status).toBe(422)
    expect((await put(id, `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${nested(CUE_MAX_TAG_DEPTH - 1, 'Chào <b>bạn</b>')}\n`)).status).toBe(200)
    expect((await stored(id)).cues).toEqual([{ text: 'Chào bạn' }])
  })
})

describe('caption text', () => {
  it('is stored and searched without direction marks (LRM, RLM, ALM)', async () => {
    const id = await submission()
    expect((await put(id, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\u200FXin\u200E chào\u061C bạn.\n')).status).toBe(200)
    expect(await stored(id)).toEqual({ tracks: [{ vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nXin chào bạn.\n' }], cues: [{ text: 'Xin chào bạn.' }] })
  })

  it('refuses a run of more than 3 combining marks with 422 on its line, and keeps Vietnamese however it was typed', async () => {
    const id = await submission()
    const answer = await put(id, `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nđúng\n\n00:00:03.000 --> 00:00:04.000\nsai${'\u0301'.repeat(500)}\n`)
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ error: 'invalid_captions', errors: ['Line 7: more than 3 accent marks are stacked on one letter.'] })
    expect(await stored(id)).toEqual({ tracks: [], cues: [] })
    const vietnamese = 'Hôm nay chúng ta đi chợ với mẹ, ệ.'
    expect((await put(id, `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${vietnamese.normalize('NFD')}\n`)).status).toBe(200)
    expect((await stored(id)).cues).toEqual([{ text: vietnamese }])
  })
})
