/**
 * Where meanings come from (issue 42), over HTTP on both engines: a contributor's glossary and its
 * suggestions, the glossary joining the lexicon at publishing (and every track segmented again by the
 * job), and the admin's corrections and removals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublishFields } from '../../../contract/index.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { addToLexicon, person, processedSubmission, videoWithLines, vttOf } from '../../test-support/words-fixtures.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  await addToLexicon(server, ['cảm ơn: thank you', 'đông: crowded', 'vui: fun'])
})
afterAll(() => server.close())

const FIELDS: PublishFields = {
  title: 'Chợ nổi',
  description: '',
  proficiency_level: 'beginner',
  is_free: true,
  youtube_title: null,
  youtube_description: null,
  series_mode: 'none',
  series_id: null,
  new_series_name: null,
  new_series_description: null,
  episode_number: null,
}

const LINES = ['Chợ nổi Cái Răng.', 'Chợ nổi rất đông vui.', 'Cảm ơn chợ nổi!', 'Cái Răng ở Cần Thơ.']

async function submissionWithTrack(ownerId: number) {
  const submissionId = await processedSubmission(server, ownerId)
  await server.ctx.services.captions.save(submissionId, 'vi', vttOf(LINES))
  return submissionId
}

const keysOf = (cue: { tokens: Array<{ key: string }> }) => cue.tokens.map((token) => token.key)

describe('PUT /submissions/ID/glossary', () => {
  it('keeps the owner’s entries (one per word, glosses merged) and refuses others', async () => {
    const owner = await person(server, 'contributor')
    const submissionId = await submissionWithTrack(owner.id)
    const put = await owner.api.call('PUT', `/submissions/${submissionId}/glossary`, {
      body: {
        entries: [
          { headword: 'Chợ nổi', glosses: ['floating market'] },
          { headword: 'chợ  nổi'.normalize('NFD'), glosses: ['market on the river'], note: 'Mekong delta' },
          { headword: 'Cái Răng', glosses: ['Cái Răng (a floating market near Cần Thơ)'] },
        ],
      },
    })
    expect(put.status).toBe(200)
    // In key order (code points: "ch" before "cá").
    expect(put.body.data.entries).toEqual([
      { headword: 'Chợ nổi', glosses: ['floating market', 'market on the river'], note: 'Mekong delta' },
      { headword: 'Cái Răng', glosses: ['Cái Răng (a floating market near Cần Thơ)'] },
    ])
    const stranger = await person(server, 'contributor')
    expect((await stranger.api.call('PUT', `/submissions/${submissionId}/glossary`, { body: { entries: [] } })).status).toBe(404)
    expect((await stranger.api.get(`/submissions/${submissionId}/glossary/suggestions`)).status).toBe(404)
  })

  it('answers 422 naming every bad entry, and writes none of them', async () => {
    const owner = await person(server, 'contributor')
    const submissionId = await submissionWithTrack(owner.id)
    await owner.api.call('PUT', `/submissions/${submissionId}/glossary`, { body: { entries: [{ headword: 'chợ nổi', glosses: ['floating market'] }] } })
    const bad = await owner.api.call('PUT', `/submissions/${submissionId}/glossary`, {
      body: {
        entries: [
          { headword: 'ghe', glosses: ['boat'] },
          { headword: 'xuồng', glosses: [] },
          { headword: '123', glosses: ['a number'] },
          { headword: 'một hai ba bốn năm', glosses: ['too long'] },
          { headword: 'trái cây', glosses: ['fruit', 'x'.repeat(201)] },
          { headword: 'bán', glosses: ['a', 'b', 'c', 'd', 'e', 'f'] },
        ],
      },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.error).toBe('invalid_glossary')
    expect(bad.body.errors).toHaveLength(5)
    expect(bad.body.errors[0]).toMatch(/^entries\[1\] "xuồng": /)
    expect(bad.body.errors[2]).toMatch(/^entries\[3\] .*at most 4 syllables/)
    expect(bad.body.errors.join(' ')).toContain('entries[5] "bán"')
    // The glossary before stands.
    const suggestions = await owner.api.get(`/submissions/${submissionId}/glossary/suggestions`)
    expect(suggestions.body.data.map((item: { key: string }) => item.key)).not.toContain('chợ nổi')
  })
})

describe('GET /submissions/ID/glossary/suggestions', () => {
  it('lists the words the lexicon lacks and the recurring runs it splits, most frequent first, with their first line', async () => {
    const owner = await person(server, 'contributor')
    const submissionId = await submissionWithTrack(owner.id)
    const answer = await owner.api.get(`/submissions/${submissionId}/glossary/suggestions`)
    expect(answer.status).toBe(200)
    const byKey = new Map((answer.body.data as Array<{ key: string; count: number; first_cue: { start: number; text: string } }>).map((item) => [item.key, item]))
    // Single syllables no entry has, and the runs "chợ nổi" (3 times) and "cái răng" (twice).
    expect(byKey.get('chợ')).toEqual({ key: 'chợ', count: 3, first_cue: { start: 0, text: 'Chợ nổi Cái Răng.' } })
    expect(byKey.get('chợ nổi')).toMatchObject({ count: 3 })
    expect(byKey.get('cái răng')).toMatchObject({ count: 2, first_cue: { start: 0 } })
    // Heard once: no candidate word yet. Known to the lexicon: not suggested.
    expect(byKey.has('cần thơ')).toBe(false)
    expect(byKey.has('cảm ơn')).toBe(false)
    expect(byKey.has('đông vui')).toBe(false)
    const counts = (answer.body.data as Array<{ count: number }>).map((item) => item.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))

    await owner.api.call('PUT', `/submissions/${submissionId}/glossary`, { body: { entries: [{ headword: 'chợ nổi', glosses: ['floating market'] }] } })
    const after = (await owner.api.get(`/submissions/${submissionId}/glossary/suggestions`)).body.data as Array<{ key: string }>
    expect(after.map((item) => item.key)).not.toContain('chợ nổi')
  })
})

describe('publishing a glossary, and the admin lexicon', () => {
  it('adds the glossary to the lexicon at publishing, and every track of the language is segmented again', async () => {
    const owner = await person(server, 'contributor')
    // Another contributor's video, published before: its "chợ nổi" is two words until the lexicon has it.
    const earlier = await videoWithLines(server, owner.id, ['Đi chợ nổi vui lắm.'])
    const learner = await person(server, 'learner')
    const tokensOfEarlier = async () => keysOf((await learner.api.get(`/videos/${earlier.videoId}/transcript`)).body.data[0])
    expect(await tokensOfEarlier()).toEqual(['đi', 'chợ', 'nổi', 'vui', 'lắm'])

    const submissionId = await submissionWithTrack(owner.id)
    await owner.api.call('PUT', `/submissions/${submissionId}/glossary`, { body: { entries: [{ headword: 'chợ nổi', glosses: ['floating market'] }, { headword: 'vui', glosses: ['happy'] }] } })
    const version = (await learner.api.get('/languages/vi/lexicon')).body.data.version
    await server.ctx.services.publishing.publishAs(submissionId, FIELDS, 'free')
    const lexicon = (await learner.api.get('/languages/vi/lexicon')).body.data
    expect(lexicon.version).toBeGreaterThan(version)
    expect(lexicon.entries).toContainEqual({ headword: 'chợ nổi', glosses: ['floating market'] })
    expect(lexicon.entries).toContainEqual({ headword: 'vui', glosses: ['fun', 'happy'] })
    await server.ctx.jobs.whenIdle()
    expect(await tokensOfEarlier()).toEqual(['đi', 'chợ nổi', 'vui', 'lắm'])
    expect((await learner.api.get(`/videos/${earlier.videoId}/words`)).body.data.counts).toContainEqual(['chợ nổi', 1])
    expect((await owner.api.call('PUT', `/submissions/${submissionId}/glossary`, { body: { entries: [] } })).status).toBe(409)
  })

  it('lets an admin search, correct and remove entries; a removal splits the word again in every transcript', async () => {
    const admin = await person(server, 'admin')
    const owner = await person(server, 'contributor')
    await addToLexicon(server, ['bánh mì: bread; a baguette sandwich', 'bánh: cake', 'mì: noodles; wheat'])
    const { videoId } = await videoWithLines(server, owner.id, ['Bánh mì ngon.'])
    const found = await admin.api.get('/admin/lexicon?language=vi&q=BÁNH')
    expect(found.status).toBe(200)
    expect(found.body.data.map((entry: { key: string }) => entry.key)).toEqual(['bánh', 'bánh mì'])
    const entry = found.body.data[1]
    const patched = await admin.api.patch(`/admin/lexicon/${entry.id}`, { entry: { glosses: ['baguette sandwich'], note: 'From French pain de mie' } })
    expect(patched.body.data).toMatchObject({ headword: 'bánh mì', glosses: ['baguette sandwich'], note: 'From French pain de mie', source: 'admin' })
    const learner = await person(server, 'learner')
    expect((await learner.api.get('/languages/vi/lexicon')).body.data.entries).toContainEqual({ headword: 'bánh mì', glosses: ['baguette sandwich'], note: 'From French pain de mie' })
    expect((await admin.api.patch(`/admin/lexicon/${entry.id}`, { entry: { glosses: [] } })).status).toBe(422)
    expect((await admin.api.patch('/admin/lexicon/999999', { entry: { glosses: ['x'] } })).status).toBe(404)

    expect((await admin.api.delete(`/admin/lexicon/${entry.id}`)).status).toBe(204)
    expect((await learner.api.get('/languages/vi/lexicon')).body.data.entries.map((row: { headword: string }) => row.headword)).not.toContain('bánh mì')
    await server.ctx.jobs.whenIdle()
    expect(keysOf((await learner.api.get(`/videos/${videoId}/transcript`)).body.data[0])).toEqual(['bánh', 'mì', 'ngon'])
    expect((await admin.api.delete(`/admin/lexicon/${entry.id}`)).status).toBe(404)
    // Pages in key order.
    const first = await admin.api.get('/admin/lexicon?language=vi&limit=2')
    const second = await admin.api.get(`/admin/lexicon?language=vi&limit=2&cursor=${first.body.next_cursor}`)
    expect(second.body.data[0].key > first.body.data[1].key).toBe(true)
  })
})
