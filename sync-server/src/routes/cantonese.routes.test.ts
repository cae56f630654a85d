/**
 * Cantonese over HTTP (issue 46), on both engines: a Cantonese submission's tracks are yue and en (not
 * vi), a yue track may hold Traditional characters, Latin and full-width punctuation but no other
 * script, and its transcript gives each character its Jyutping beside the words, a lexicon correction
 * (an entry's `reading`) winning for that word in every transcript at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { person, processedSubmission, videoWithLines, vttOf } from '../../test-support/words-fixtures.ts'

let server: TestServer
let owner: Awaited<ReturnType<typeof person>>

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  owner = await person(server, 'contributor')
  const entries = [
    { headword: '銀行', glosses: ['bank'], reading: null, note: null },
    { headword: '行長', glosses: ['bank president'], reading: 'hong4 zoeng2', note: null },
    { headword: '今日', glosses: ['today'], reading: null, note: null },
  ]
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'yue', entries, 'admin', null))
})
afterAll(() => server.close())

const put = (submissionId: number, language: string, vtt: string) =>
  owner.api.call('PUT', `/submissions/${submissionId}/captions/${language}`, { rawBody: vtt, headers: { 'content-type': 'text/vtt' } })

describe('Cantonese caption tracks', () => {
  it('takes yue and en tracks on a Cantonese submission, and refuses a vi one (and yue on a Vietnamese one)', async () => {
    const yue = await processedSubmission(server, owner.id, 60, 'yue')
    expect(await put(yue, 'yue', vttOf(['你好，我係阿明。', '我哋今日去飲茶 OK？']))).toMatchObject({ status: 200, body: { data: { language: 'yue', cues: 2 } } })
    expect(await put(yue, 'en', vttOf(['Hello, I am Ming.', 'We go for dim sum today, OK?']))).toMatchObject({ status: 200 })
    const vi = await put(yue, 'vi', vttOf(['Xin chào.']))
    expect(vi).toMatchObject({ status: 422, body: { error: 'invalid_captions' } })
    expect(vi.body.errors[0]).toContain('yue or en')
    const vietnamese = await processedSubmission(server, owner.id, 60, 'vi')
    expect((await put(vietnamese, 'yue', vttOf(['你好']))).status).toBe(422)
  })

  it('refuses another script in a yue track, naming the cue and the characters', async () => {
    const yue = await processedSubmission(server, owner.id, 60, 'yue')
    // Jyutping, an English name, digits and full-width punctuation are all a Cantonese line may hold.
    expect((await put(yue, 'yue', vttOf(['「阿 Sam」話：nei5 hou2！3點見。']))).status).toBe(200)
    const kana = await put(yue, 'yue', vttOf(['你好。', 'こんにちは、你好。']))
    expect(kana).toMatchObject({ status: 422, body: { error: 'invalid_captions' } })
    expect(kana.body.errors).toEqual([expect.stringMatching(/^The cue at 00:00:10\.000: a yue track may not hold "こ", "ん", "に", "ち", "は"\.$/)])
  })
})

describe('the readings of a Cantonese transcript', () => {
  it('gives each character its Jyutping beside the words, a corrected reading winning, English none', async () => {
    const { videoId } = await videoWithLines(server, owner.id, ['銀行行長今日好忙。'], 'free', ['The bank president is busy today.'], '行長', 'yue')
    const learner = await person(server, 'learner')
    const [cue] = (await learner.api.get(`/videos/${videoId}/transcript?lang=yue`)).body.data
    const shown = (spans: Array<{ from: number; to: number; reading?: string; key?: string }>) =>
      spans.map((span) => [cue.text.slice(span.from, span.to), span.reading ?? span.key])
    expect(shown(cue.tokens)).toEqual([['銀行', '銀行'], ['行長', '行長'], ['今日', '今日'], ['好', '好'], ['忙', '忙']])
    // The dictionary says haang4 coeng4 for 行長; the lexicon's reading says hong4 zoeng2.
    expect(shown(cue.readings)).toEqual([
      ['銀', 'ngan4'], ['行', 'hong4'], ['行', 'hong4'], ['長', 'zoeng2'], ['今', 'gam1'], ['日', 'jat6'], ['好', 'hou2'], ['忙', 'mong4'],
    ])
    const [english] = (await learner.api.get(`/videos/${videoId}/transcript?lang=en`)).body.data
    expect(english).not.toHaveProperty('readings')
  })

  it('shows a correction made in the lexicon in transcripts at once', async () => {
    const { videoId } = await videoWithLines(server, owner.id, ['今日好忙。'], 'free', undefined, '今日', 'yue')
    const learner = await person(server, 'learner')
    const readingsOf = async () => (await learner.api.get(`/videos/${videoId}/transcript?lang=yue`)).body.data[0].readings.map((r: { reading: string }) => r.reading)
    expect(await readingsOf()).toEqual(['gam1', 'jat6', 'hou2', 'mong4'])
    const admin = await person(server, 'admin')
    const [entry] = (await admin.api.get('/admin/lexicon?language=yue&q=今日')).body.data
    expect((await admin.api.patch(`/admin/lexicon/${entry.id}`, { entry: { reading: 'gam1 jat6' } })).status).toBe(200)
    // A made-up correction shows too: the lexicon wins over the dictionary.
    expect((await admin.api.patch(`/admin/lexicon/${entry.id}`, { entry: { reading: 'gam2 jat6' } })).status).toBe(200)
    expect(await readingsOf()).toEqual(['gam2', 'jat6', 'hou2', 'mong4'])
  })

  it('gives a Vietnamese transcript no readings', async () => {
    const { videoId } = await videoWithLines(server, owner.id, ['Xin chào bạn.'])
    const learner = await person(server, 'learner')
    expect((await learner.api.get(`/videos/${videoId}/transcript?lang=vi`)).body.data[0]).not.toHaveProperty('readings')
  })
})
