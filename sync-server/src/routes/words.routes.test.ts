/**
 * Words over HTTP (api-contract "Words", issue 42), on both engines: the lexicon with its ETag and
 * compression, a transcript's tokens and a video's word counts under the video's access rules, the
 * learner's word states (an outbox call: duplicates, out-of-order batches, last wins), and what they
 * give the catalogue (VideoSummary.words, sort=comprehensible) and the placement (common words).
 */
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { addToLexicon, person, videoWithLines } from '../../test-support/words-fixtures.ts'

const PREVIEW = 30
let server: TestServer
let owner: Awaited<ReturnType<typeof person>>

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: String(PREVIEW) } })
  owner = await person(server, 'contributor')
  await addToLexicon(server, ['xin chào: hello', 'cảm ơn: thank you; thanks', 'bạn: you; friend', 'tôi: I; me', 'bây giờ: now'])
})
afterAll(() => server.close())

const ago = (seconds: number) => new Date(server.clock.now() - seconds * 1000).toISOString()
const state = (key: string, value: string, occurredAt: string, overrides: Record<string, unknown> = {}) => ({ client_id: uuidv7(), language: 'vi', key, state: value, occurred_at: occurredAt, ...overrides })

describe('GET /languages/CODE/lexicon', () => {
  it('answers every entry with an ETag, 304 for the same version, and a new version after a change', async () => {
    const learner = await person(server, 'learner')
    const first = await learner.api.get('/languages/vi/lexicon')
    expect(first.status).toBe(200)
    expect(first.body.data.entries).toContainEqual({ headword: 'cảm ơn', glosses: ['thank you', 'thanks'] })
    const etag = first.headers.get('etag')!
    expect(etag).toBe(`"lexicon-vi-${first.body.data.version}"`)
    const again = await learner.api.get('/languages/vi/lexicon', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)

    await addToLexicon(server, ['cảm ơn: thank you very much', 'hôm nay: today'])
    const changed = await learner.api.get('/languages/vi/lexicon', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body.data.version).toBe(first.body.data.version + 1)
    // An existing headword gains the glosses it lacked; none is lost.
    expect(changed.body.data.entries).toContainEqual({ headword: 'cảm ơn', glosses: ['thank you', 'thanks', 'thank you very much'] })
    expect(changed.body.data.entries).toContainEqual({ headword: 'hôm nay', glosses: ['today'] })
  })

  it('is sent compressed to a client that takes Brotli or gzip, and refused to a stranger', async () => {
    const learner = await person(server, 'learner')
    const headers = { authorization: `Bearer ${learner.token}` }
    const plain = Buffer.from(await (await fetch(`${server.api}/languages/vi/lexicon`, { headers: { ...headers, 'accept-encoding': 'identity' } })).arrayBuffer())
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const { status, headers: answer, body } = await rawGet('/languages/vi/lexicon', { ...headers, 'accept-encoding': encoding })
      expect(status).toBe(200)
      expect(answer['content-encoding']).toBe(encoding)
      expect(body.length).toBeLessThan(plain.length)
      expect(decode(body).equals(plain)).toBe(true)
    }
    expect((await fetch(`${server.api}/languages/vi/lexicon`)).status).toBe(401)
    expect((await learner.api.get('/languages/xx/lexicon')).status).toBe(404)
  })
})

/** A GET whose body is left as sent (fetch would decode it). */
async function rawGet(path: string, headers: Record<string, string>) {
  const http = await import('node:http')
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.api}${path}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('the words of a transcript', () => {
  it('gives each cue of the video’s language its words (longest match, UTF-16 offsets), and the English track none', async () => {
    const { videoId } = await videoWithLines(server, owner.id, ['Xin chào bạn, cảm ơn!', 'Bây giờ tôi 20 tuổi.'], 'free', ['Hello, thanks!', 'I am 20 now.'])
    const learner = await person(server, 'learner')
    const vi = await learner.api.get(`/videos/${videoId}/transcript?lang=vi`)
    const [first, second] = vi.body.data
    expect(first.tokens).toEqual([
      { from: 0, to: 8, key: 'xin chào' },
      { from: 9, to: 12, key: 'bạn' },
      { from: 14, to: 20, key: 'cảm ơn' },
    ])
    expect(first.tokens.map((token: { from: number; to: number }) => first.text.slice(token.from, token.to))).toEqual(['Xin chào', 'bạn', 'cảm ơn'])
    // A syllable no headword begins is a word of its own; the number is none.
    expect(second.tokens.map((token: { key: string }) => token.key)).toEqual(['bây giờ', 'tôi', 'tuổi'])
    const en = await learner.api.get(`/videos/${videoId}/transcript?lang=en`)
    expect(en.body.data[0]).not.toHaveProperty('tokens')

    const words = await learner.api.get(`/videos/${videoId}/words`)
    expect(words.body.data.counts).toEqual(expect.arrayContaining([['xin chào', 1], ['cảm ơn', 1], ['tuổi', 1]]))
    expect(words.body.data.counts).toHaveLength(6)
  })

  it('counts only the part before the cut for a preview, and nothing of a video the learner may not watch', async () => {
    const lines = ['Xin chào bạn.', 'Cảm ơn bạn.', 'Tôi khỏe.', 'Bí mật cuối.', 'Bí mật nữa.']
    const preview = await videoWithLines(server, owner.id, lines, 'preview')
    const locked = await videoWithLines(server, owner.id, lines, 'premium')
    const learner = await person(server, 'learner')
    const counts = (await learner.api.get(`/videos/${preview.videoId}/words`)).body.data.counts as Array<[string, number]>
    expect(Object.fromEntries(counts)).toEqual({ 'xin chào': 1, bạn: 2, 'cảm ơn': 1, tôi: 1, khỏe: 1 })
    expect(await learner.api.get(`/videos/${locked.videoId}/words`)).toMatchObject({ status: 403, body: { error: 'premium_required' } })
    const premium = await person(server, 'premium')
    expect(Object.fromEntries((await premium.api.get(`/videos/${preview.videoId}/words`)).body.data.counts)).toMatchObject({ bí: 2, mật: 2, cuối: 1 })

    const summaries = (await learner.api.get('/languages/vi/videos?limit=200')).body.data as Array<{ id: number; words: unknown }>
    expect(summaries.find((video) => video.id === locked.videoId)!.words).toEqual({ total: 0, distinct: 0, known_share: null, new_distinct: 0 })
    expect(summaries.find((video) => video.id === preview.videoId)!.words).toEqual({ total: 6, distinct: 5, known_share: 0, new_distinct: 5 })
    const common = (await learner.api.get('/languages/vi/common_words?limit=200')).body.data as Array<{ key: string }>
    expect(common.map((word) => word.key)).not.toContain('bí')
    const premiumCommon = (await premium.api.get('/languages/vi/common_words?limit=200')).body.data as Array<{ key: string }>
    expect(premiumCommon.map((word) => word.key)).toContain('bí')
  })
})

describe('POST /word_states', () => {
  it('keeps the latest state of a word whatever order batches arrive in, and a repeat is a duplicate', async () => {
    const learner = await person(server, 'learner')
    const known = state('Cảm ơn', 'known', ago(60))
    const older = state('cảm ơn', 'learning', ago(600))
    const first = await learner.api.post('/word_states', { states: [known] })
    expect(first.body.data).toEqual({ accepted: [known.client_id], duplicate: [], rejected: [] })
    // The older change arrives late (an offline device): accepted, and it changes nothing.
    expect((await learner.api.post('/word_states', { states: [older, known] })).body.data).toEqual({ accepted: [older.client_id], duplicate: [known.client_id], rejected: [] })
    const listed = await learner.api.get('/me/word_states?language=vi')
    expect(listed.body.data).toEqual([{ key: 'cảm ơn', state: 'known', updated_at: known.occurred_at }])

    // Same instant: the larger client_id wins, in either order.
    const at = ago(30)
    const [low, high] = [state('bạn', 'learning', at, { client_id: '00000000-0000-7000-8000-000000000001' }), state('bạn', 'ignored', at, { client_id: 'ffffffff-ffff-7fff-bfff-ffffffffffff' })]
    await learner.api.post('/word_states', { states: [high] })
    await learner.api.post('/word_states', { states: [low] })
    const other = await person(server, 'learner')
    await other.api.post('/word_states', { states: [low, high].map((item) => ({ ...item })) })
    for (const who of [learner, other]) {
      expect((await who.api.get('/me/word_states?language=vi')).body.data).toContainEqual({ key: 'bạn', state: 'ignored', updated_at: at })
    }

    // `new` clears it.
    await learner.api.post('/word_states', { states: [state('cảm ơn', 'new', ago(10))] })
    expect((await learner.api.get('/me/word_states?language=vi')).body.data.map((row: { key: string }) => row.key)).toEqual(['bạn'])
  })

  it('reads NFD keys as NFC, and rejects a bad state, an unknown language and the future while the rest land', async () => {
    const learner = await person(server, 'learner')
    const nfd = state('XIN CHÀO'.normalize('NFD'), 'known', ago(5))
    const bad = state('tôi', 'mastered', ago(5))
    const nowhere = state('tôi', 'known', ago(5), { language: 'xx' })
    const future = state('tôi', 'known', new Date(server.clock.now() + 3600_000).toISOString())
    const punctuation = state('!!', 'known', ago(5))
    const answer = await learner.api.post('/word_states', { states: [nfd, bad, nowhere, future, punctuation, 'not an object'] })
    expect(answer.status).toBe(200)
    expect(answer.body.data.accepted).toEqual([nfd.client_id])
    expect(answer.body.data.rejected.map((item: { client_id: string | null; error: string }) => [item.client_id, item.error])).toEqual([
      [bad.client_id, 'invalid_word_state'],
      [nowhere.client_id, 'unknown_language'],
      [future.client_id, 'in_the_future'],
      [punctuation.client_id, 'invalid_word_state'],
      [null, 'invalid_word_state'],
    ])
    expect((await learner.api.get('/me/word_states?language=vi')).body.data).toEqual([{ key: 'xin chào', state: 'known', updated_at: nfd.occurred_at }])
    expect((await learner.api.post('/word_states', { states: [] })).status).toBe(422)
    expect((await learner.api.post('/word_states', { states: Array.from({ length: 501 }, () => nfd) })).status).toBe(422)
    expect((await learner.api.get('/me/word_states')).status).toBe(422)
  })

  it('moves each video’s known share, and sort=comprehensible puts the videos the learner nearly knows first', async () => {
    const learner = await person(server, 'learner')
    const tag = `Hiểu${Math.random().toString(36).slice(2, 8)}`
    // Twenty tokens each: `known` of "ba" (the word she will know) and the rest "ca".
    const shares = { half: 10, almost: 19, all: 20, enough: 17, none: 0 }
    const ids: Record<string, number> = {}
    for (const [name, known] of Object.entries(shares)) {
      const line = [...Array<string>(known).fill('ba'), ...Array<string>(20 - known).fill('ca')].join(' ')
      ids[name] = (await videoWithLines(server, owner.id, [line], 'free', undefined, `${tag} ${name}`)).videoId
    }
    const list = async () => (await learner.api.get(`/languages/vi/videos?sort=comprehensible&q=${tag}`)).body.data as Array<{ id: number; words: { total: number; known_share: number | null; new_distinct: number } }>
    const nameOf = (id: number) => Object.keys(ids).find((name) => ids[name] === id)
    const before = await list()
    expect(before.map((video) => [nameOf(video.id), video.words.known_share])).toEqual([
      ['none', 0],
      ['enough', 0],
      ['all', 0],
      ['almost', 0],
      ['half', 0],
    ])
    expect(before[0]!.words).toEqual({ total: 20, distinct: 1, known_share: 0, new_distinct: 1 })

    await learner.api.post('/word_states', { states: [state('ba', 'known', ago(60))] })
    const after = await list()
    // 0.85..0.98 first, nearest 0.95 first; then the rest by share, highest first.
    expect(after.map((video) => [nameOf(video.id), video.words.known_share])).toEqual([
      ['almost', 0.95],
      ['enough', 0.85],
      ['all', 1],
      ['half', 0.5],
      ['none', 0],
    ])
    expect(after.find((video) => video.id === ids.half)!.words.new_distinct).toBe(1)
    // Pages follow the same order.
    const page = await learner.api.get(`/languages/vi/videos?sort=comprehensible&q=${tag}&limit=2`)
    const next = await learner.api.get(`/languages/vi/videos?sort=comprehensible&q=${tag}&limit=2&cursor=${page.body.next_cursor}`)
    expect([...page.body.data, ...next.body.data].map((video: { id: number }) => nameOf(video.id))).toEqual(['almost', 'enough', 'all', 'half'])
    // Ignoring a word counts as knowing it; learning does not.
    await learner.api.post('/word_states', { states: [state('ca', 'learning', ago(50))] })
    expect((await list()).find((video) => video.id === ids.half)!.words).toMatchObject({ known_share: 0.5, new_distinct: 0 })
    await learner.api.post('/word_states', { states: [state('ca', 'ignored', ago(40))] })
    expect((await list()).find((video) => video.id === ids.half)!.words.known_share).toBe(1)
  })
})

describe('a restart with another preview length', () => {
  it('counts a preview’s words again for the new cut, by the job the start enqueues', async () => {
    const first = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: '30' } })
    const contributor = await person(first, 'contributor')
    const { videoId } = await videoWithLines(first, contributor.id, ['Một hai.', 'Ba bốn.', 'Năm sáu.', 'Bảy tám.'], 'preview')
    const learner = await person(first, 'learner')
    const keys = async (api: typeof learner.api) => ((await api.get(`/videos/${videoId}/words`)).body.data.counts as Array<[string, number]>).map(([key]) => key).sort()
    expect(await keys(learner.api)).toEqual(['ba', 'bốn', 'hai', 'một', 'năm', 'sáu'])
    const dataDir = first.dataDir
    await first.close({ keepData: true })

    const second = await startTestServer({ dataDir, env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', PREVIEW_SECONDS: '10' } })
    try {
      await second.ctx.jobs.whenIdle()
      const again = await person(second, 'learner')
      expect(await keys(again.api)).toEqual(['hai', 'một'])
    } finally {
      await second.close()
    }
  })
})

describe('sort=comprehensible over a large catalogue', () => {
  it('ranks 1,100 videos with transcripts in one answer (one grouped query, not one condition per video)', async () => {
    const large = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
    try {
      const learner = await person(large, 'learner')
      const db = large.ctx.database.db
      const now = new Date().toISOString()
      for (let v = 0; v < 1100; v++) {
        const { id: submissionId } = await db.insertInto('submissions').values({ user_id: learner.id, title: `S${v}`, proficiency_level: 'beginner', language_code: 'vi', created_at: now }).returning('id').executeTakeFirstOrThrow()
        await db.insertInto('caption_tracks').values({ submission_id: submissionId, language: 'vi', vtt: 'WEBVTT\n', cue_count: 0, duration_seconds: 0, updated_at: now, lexicon_version: 0, preview_seconds: 180 }).execute()
        // Video v: v % 20 tokens of "ba" in 20, so shares step by 0.05.
        await db.insertInto('track_words').values([{ submission_id: submissionId, language: 'vi', key: 'ba', count: 1 + (v % 20), preview_count: 0 }, { submission_id: submissionId, language: 'vi', key: 'ca', count: 20 - (1 + (v % 20)) || 1, preview_count: 0 }]).execute()
        await db.insertInto('videos').values({ language_code: 'vi', title: `V${v}`, description: '', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 60, published_at: new Date(Date.now() - v * 1000).toISOString(), created_at: now, submission_id: submissionId }).execute()
      }
      await learner.api.post('/word_states', { states: [{ client_id: uuidv7(), language: 'vi', key: 'ba', state: 'known', occurred_at: new Date().toISOString() }] })
      const answer = await learner.api.get('/languages/vi/videos?sort=comprehensible&limit=10')
      expect(answer.status).toBe(200)
      expect(answer.body.data[0].words.known_share).toBe(0.95)
      expect(answer.body.next_cursor).not.toBeNull()
    } finally {
      await large.close()
    }
  })
})
