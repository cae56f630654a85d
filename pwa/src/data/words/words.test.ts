/**
 * Words on the device (the real Dexie schema over fake-indexeddb, the API stubbed at api-call.ts):
 * states set in one transaction with their outbox items, a change of mind replacing the unsent one,
 * the server's list folded in with the latest change winning, the lexicon kept once per version.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../db.ts'
import type { WordStatePayload } from './word-state-pull.ts'

const answers = new Map<string, (options: { headers?: Record<string, string> }) => unknown>()
const calls: Array<{ name: string; options: unknown }> = []
vi.mock('../api-call.ts', () => ({
  call: async (name: string, _body: unknown, options: { headers?: Record<string, string> }) => {
    calls.push({ name, options })
    const answer = answers.get(name)
    if (!answer) throw new Error(`no answer for ${name}`)
    return answer(options)
  },
}))

const { setWordState, setWordStates } = await import('./word-states.ts')
const { pullWordStates } = await import('./word-state-pull.ts')
const { lexiconView, refreshLexicon } = await import('./lexicon.ts')
const { keepVideoWords } = await import('./video-words.ts')

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.wordStates.clear(), db.lexicons.clear(), db.videoWords.clear()])
  answers.clear()
  calls.length = 0
})

const payloads = async () => (await db.outbox.toArray()).map((item) => item.payload as WordStatePayload)

describe('setting word states', () => {
  it('keeps the state and queues one outbox item per word, in one transaction', async () => {
    await setWordStates('vi', ['cảm ơn', 'tôi', 'tôi'], 'known', Date.parse('2026-12-02T07:00:00Z'))
    expect((await db.wordStates.toArray()).map((r) => [r.key, r.state]).sort()).toEqual([
      ['cảm ơn', 'known'],
      ['tôi', 'known'],
    ])
    const queued = await db.outbox.toArray()
    expect(queued.map((item) => item.kind)).toEqual(['word_states', 'word_states'])
    expect((await payloads()).map((p) => p.occurred_at)).toEqual(['2026-12-02T07:00:00.000Z', '2026-12-02T07:00:00.000Z'])
  })

  it('a change of mind replaces the unsent change of the same word; other words and languages keep theirs', async () => {
    await setWordState('vi', 'tôi', 'learning')
    await setWordState('vi', 'bạn', 'known')
    await setWordState('yue', 'tôi', 'known')
    await setWordState('vi', 'tôi', 'ignored')
    expect((await payloads()).map((p) => `${p.language}:${p.key}:${p.state}`).sort()).toEqual(['vi:bạn:known', 'vi:tôi:ignored', 'yue:tôi:known'])
    expect((await db.wordStates.get(['vi', 'tôi']))?.state).toBe('ignored')
  })
})

describe('pulling the server list', () => {
  it('takes the later change of each word, drops what the server holds as new, keeps what still waits to be sent', async () => {
    await db.wordStates.bulkPut([
      { language: 'vi', key: 'cũ', state: 'learning', occurredAt: Date.parse('2026-12-01T00:00:00Z') },
      { language: 'vi', key: 'mới', state: 'known', occurredAt: Date.parse('2026-12-03T00:00:00Z') },
      { language: 'vi', key: 'bỏ', state: 'known', occurredAt: Date.parse('2026-12-01T00:00:00Z') },
    ])
    await setWordState('vi', 'đang gửi', 'known')
    answers.set('wordStates.list', () => ({
      data: [
        { key: 'cũ', state: 'known', updated_at: '2026-12-02T00:00:00.000Z' },
        { key: 'mới', state: 'learning', updated_at: '2026-12-02T00:00:00.000Z' },
        { key: 'khác', state: 'ignored', updated_at: '2026-12-02T00:00:00.000Z' },
      ],
    }))
    await pullWordStates('vi')
    const states = Object.fromEntries((await db.wordStates.toArray()).map((r) => [r.key, r.state]))
    expect(states).toEqual({ cũ: 'known', mới: 'known', khác: 'ignored', 'đang gửi': 'known' })
  })
})

describe('the lexicon', () => {
  const entries = [
    { headword: 'cảm ơn', glosses: ['thank you'] },
    { headword: 'tôi', glosses: ['I, me'] },
  ]

  it('is kept once per version: the next ask sends its ETag and a 304 keeps the copy', async () => {
    answers.set('lexicon.get', () => ({ data: { version: 3, entries } }))
    await refreshLexicon('vi')
    expect((await db.lexicons.get('vi'))?.version).toBe(3)
    vi.resetModules()
    const fresh = await import('./lexicon.ts')
    const { ApiError: FreshApiError } = await import('../api.ts')
    answers.set('lexicon.get', () => {
      throw new FreshApiError(304, null)
    })
    await fresh.refreshLexicon('vi')
    expect(calls.at(-1)?.options).toMatchObject({ headers: { 'If-None-Match': '"lexicon-vi-3"' } })
    expect((await db.lexicons.get('vi'))?.entries).toHaveLength(2)
  })

  it('segments a line with multi-syllable words as one and looks up a word by key, NFD or capitals too', () => {
    const view = lexiconView({ language: 'vi', version: 1, entries })
    expect(view.segment('Tôi cảm ơn bạn.').map((token) => token.key)).toEqual(['tôi', 'cảm ơn', 'bạn'])
    expect(view.lookup('cảm ơn')?.glosses).toEqual(['thank you'])
    expect(view.lookup('Cảm ơn'.normalize('NFD'))?.glosses).toEqual(['thank you'])
    expect(view.lookup('bạn')).toBeUndefined()
  })
})

describe('video word counts', () => {
  it('are fetched for listed videos the device lacks or holds stale, not for locked ones', async () => {
    await db.videoWords.put({ videoId: 2, counts: [['tôi', 3]], savedAt: 1 })
    await db.videoWords.put({ videoId: 3, counts: [['tôi', 2]], savedAt: 1 })
    answers.set('videos.words', () => ({ data: { counts: [['tôi', 4]] } }))
    const words = (total: number, share: number | null) => ({ total, distinct: 1, known_share: share, new_distinct: 1 })
    await keepVideoWords([
      { id: 1, words: words(4, 0) },
      { id: 2, words: words(3, 0) },
      { id: 3, words: words(4, 0.5) },
      { id: 4, words: words(0, null) },
    ])
    const asked = calls.filter((c) => c.name === 'videos.words').map((c) => (c.options as { params: { id: number } }).params.id)
    expect(asked.sort()).toEqual([1, 3])
    expect((await db.videoWords.get(3))?.counts).toEqual([['tôi', 4]])
  })
})
