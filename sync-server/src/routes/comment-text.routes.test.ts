/**
 * What a comment may hold (issue 45, item 10), over HTTP on whichever engine the project runs: the
 * invisible direction marks (LRM U+200E, RLM U+200F, ALM U+061C) are taken out as the bidi controls
 * are, and a run of more than 3 combining marks on a letter (500 in the attack) is refused with 422,
 * while Vietnamese, at most two marks on a letter whether typed precomposed or not, is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { makePremium, seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer()
  const { token, user } = await signIn(server, 'commenter@example.com')
  await makePremium(server, user.id)
  api = apiClient(server.api, { token })
})
afterAll(() => server.close())

const post = (video: number, text: string) => api.post(`/videos/${video}/comments`, { comment: { text, client_id: uuidv7() } })
const shown = async (video: number) => (await api.get(`/videos/${video}/comments`)).body.data.map((comment: { text: string }) => comment.text)

describe('comment text', () => {
  it('is stored and shown without direction marks; marks alone are empty', async () => {
    const video = await seedVideo(server)
    const saved = await post(video, '\u200FHay\u200E quá\u061C!')
    expect(saved.status).toBe(201)
    expect(saved.body.data.text).toBe('Hay quá!')
    expect(await shown(video)).toEqual(['Hay quá!'])
    const empty = await post(video, '\u200E\u200F\u061C')
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual(['Comment cannot be empty'])
  })

  it('refuses a run of more than 3 combining marks with 422, and keeps Vietnamese however it was typed', async () => {
    const video = await seedVideo(server)
    for (const text of ['Hay' + '\u0301'.repeat(500), 'Zalgo a\u0300\u0301\u0302\u0303', 'ệ\u0301\u0302 quá']) {
      const refused = await post(video, text)
      expect(refused.status, JSON.stringify(text)).toBe(422)
      expect(refused.body).toMatchObject({ error: 'validation_failed', errors: ['Comment may not stack more than 3 accent marks on a letter'] })
    }
    expect(await shown(video)).toEqual([])
    const vietnamese = 'Tiếng Việt hay quá, cảm ơn nhiều!'
    for (const text of [vietnamese, vietnamese.normalize('NFD'), 'a\u0300\u0301\u0302']) expect((await post(video, text)).status, text).toBe(201)
    expect(await shown(video)).toHaveLength(3)
  })
})
