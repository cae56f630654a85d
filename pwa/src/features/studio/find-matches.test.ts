import { describe, expect, it } from 'vitest'
import type { StudioCue } from '../../data/studio/index.ts'
import { findMatches, matchesIn, replaceAll, replaceMatch } from './find-matches.ts'

const cue = (id: string, text: string, english = ''): StudioCue => ({ id, start: 0, end: 1, text, english })
const CUES = [cue('a', 'Hôm nay tôi đi chợ.', 'Today I go to the market.'), cue('b', 'Chợ Bến Thành rất đông.', 'Ben Thanh market is busy.'), cue('c', 'Mẹ mua rau ở chợ, CHỢ lớn.', '')]
const VI = { fields: ['text'] as const }

describe('the studio find box: matching', () => {
  it('ignores case by default: "a" finds "A", "chợ" finds "Chợ" and "CHỢ"', () => {
    expect(matchesIn('A a', 'a')).toEqual([[0, 1], [2, 3]])
    expect(findMatches(CUES, 'chợ', VI).map(({ cueId, start }) => [cueId, start])).toEqual([['a', 15], ['b', 0], ['c', 13], ['c', 18]])
  })

  it('tells case apart when asked', () => {
    expect(findMatches(CUES, 'Chợ', { ...VI, matchCase: true }).map(({ cueId }) => cueId)).toEqual(['b'])
  })

  it('counts the Vietnamese diacritics: "ma" is not "má" nor "mà"', () => {
    expect(matchesIn('ma má mà mả mã mạ', 'ma')).toEqual([[0, 2]])
    expect(matchesIn('ma má mà', 'má')).toEqual([[3, 5]])
    expect(matchesIn('Chợ', 'cho')).toEqual([])
  })

  it('finds a precomposed query in decomposed text (NFD) and the other way round, with offsets into the stored text', () => {
    const decomposed = 'Tiếng Việt'.normalize('NFD')
    const found = matchesIn(decomposed, 'việt')
    expect(found).toHaveLength(1)
    const [start, end] = found[0]
    expect(decomposed.slice(start, end).normalize('NFC')).toBe('Việt')
    expect(matchesIn('Tiếng Việt', 'tiếng'.normalize('NFD'))).toEqual([[0, 5]])
  })

  it('does not find a bare letter inside a letter with its marks, decomposed or not', () => {
    expect(matchesIn('má'.normalize('NFD'), 'ma')).toEqual([])
    expect(matchesIn('má'.normalize('NFD'), 'm')).toEqual([[0, 1]])
  })

  it('does not overlap matches: "aa" twice in "aaaa", once in "aaa"', () => {
    expect(matchesIn('aaaa', 'aa')).toEqual([[0, 2], [2, 4]])
    expect(matchesIn('aaa', 'aa')).toEqual([[0, 2]])
  })

  it('searches the English lines too when told, a cue\'s line before its English', () => {
    const found = findMatches(CUES, 'market', { fields: ['text', 'english'] })
    expect(found.map(({ cueId, field }) => [cueId, field])).toEqual([['a', 'english'], ['b', 'english']])
    expect(findMatches(CUES, 'market', VI)).toEqual([])
  })

  it('finds nothing for an empty or blank query', () => {
    expect(findMatches(CUES, '', VI)).toEqual([])
    expect(findMatches(CUES, '  ', VI)).toEqual([])
  })
})

describe('the studio find box: replacing', () => {
  it('replaces one match and leaves the others and the other cues alone', () => {
    const [, second] = findMatches(CUES, 'chợ', VI)
    const next = replaceMatch(CUES, second, 'chợ', 'Phố')
    expect(next.map((c) => c.text)).toEqual(['Hôm nay tôi đi chợ.', 'Phố Bến Thành rất đông.', 'Mẹ mua rau ở chợ, CHỢ lớn.'])
    expect(next[0]).toBe(CUES[0])
  })

  it('leaves the cues as they are when the match no longer stands there (the line was edited meanwhile)', () => {
    const [first] = findMatches(CUES, 'chợ', VI)
    const edited = CUES.map((c) => (c.id === 'a' ? { ...c, text: 'Hôm nay tôi ở nhà.' } : c))
    expect(replaceMatch(edited, first, 'chợ', 'phố')).toEqual(edited)
  })

  it('replaces all, says how many, and its count is the count of matches found', () => {
    const { cues, count } = replaceAll(CUES, 'chợ', 'phố', VI)
    expect(count).toBe(findMatches(CUES, 'chợ', VI).length)
    expect(count).toBe(4)
    expect(cues.map((c) => c.text)).toEqual(['Hôm nay tôi đi phố.', 'phố Bến Thành rất đông.', 'Mẹ mua rau ở phố, phố lớn.'])
    expect(findMatches(cues, 'chợ', VI)).toEqual([])
  })

  it('replaces in decomposed text and across both fields, the rest of the text kept as it was stored', () => {
    const decomposed = [cue('x', 'Đi chợ, đi chợ.'.normalize('NFD'), 'the market, the Market')]
    const { cues, count } = replaceAll(decomposed, 'CHỢ', 'phố', VI)
    expect(count).toBe(2)
    expect(cues[0].text).toBe(`${'Đi '.normalize('NFD')}phố, ${'đi '.normalize('NFD')}phố.`)
    expect(replaceAll(decomposed, 'market', 'chợ', { fields: ['text', 'english'] })).toEqual({ cues: [{ ...decomposed[0], english: 'the chợ, the chợ' }], count: 2 })
  })

  it('counts "aa" in "aaaa" as two replacements, as found', () => {
    expect(replaceAll([cue('z', 'aaaa')], 'aa', 'b', VI)).toEqual({ cues: [cue('z', 'bb')], count: 2 })
  })
})
