// @vitest-environment node
/** The search's fold: what a learner types without tone marks or capitals finds the Vietnamese words. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { containsFolded, findFolded, foldForSearch } from './search-fold.ts'

const VOWELS = [...'aăâeêioôơuưy']
const CONSONANTS = [...'bcdđghklmnpqrstvx']
/** No mark, then the five tone marks (huyền, sắc, ngã, hỏi, nặng), as combining characters. */
const TONES = ['', '\u0300', '\u0301', '\u0303', '\u0309', '\u0323']
/** Vietnamese text as people write it: any letter with any tone, either case, spaces and punctuation. */
const vietnamese = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...VOWELS), fc.constantFrom(...TONES), fc.boolean()).map(([vowel, tone, upper]) => (upper ? vowel.toUpperCase() : vowel) + tone),
      fc.tuple(fc.constantFrom(...CONSONANTS), fc.boolean()).map(([letter, upper]) => (upper ? letter.toUpperCase() : letter)),
      fc.constantFrom(' ', '.', ',', '?', '1'),
    ),
    { maxLength: 40 },
  )
  .chain((letters) => fc.constantFrom(letters.join('').normalize('NFC'), letters.join('').normalize('NFD')))

describe('folding for search', () => {
  it('drops case and every Vietnamese tone and vowel mark, and reads đ as d', () => {
    expect(foldForSearch('Phở')).toBe('pho')
    expect(foldForSearch('được')).toBe('duoc')
    expect(foldForSearch('ĐÀ NẴNG')).toBe('da nang')
    expect(foldForSearch('Hôm nay tôi đi chợ với mẹ.')).toBe('hom nay toi di cho voi me.')
    expect(foldForSearch('ă â ê ô ơ ư ả ã ạ ỳ ỹ ỵ')).toBe('a a e o o u a a a y y y')
  })

  it('folds composed (NFC) and decomposed (NFD) text alike', () => {
    const line = 'Mẹ mua rau và cá ở chợ Bến Thành'
    expect(foldForSearch(line.normalize('NFD'))).toBe(foldForSearch(line.normalize('NFC')))
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(foldForSearch(text.normalize('NFD'))).toBe(foldForSearch(text.normalize('NFC')))
      }),
    )
  })

  it('finds a word typed without accents in a line that has them, and not one that is not there', () => {
    expect(containsFolded('Hôm nay tôi đi chợ với mẹ.', 'di cho voi me')).toBe(true)
    expect(containsFolded('Hôm nay tôi đi chợ với mẹ.', 'ĐI CHỢ')).toBe(true)
    expect(containsFolded('Phở bò', 'pho')).toBe(true)
    expect(containsFolded('Phở bò', 'bún')).toBe(false)
  })

  it('finds a line in its own words, whatever is typed of it', () => {
    fc.assert(
      fc.property(vietnamese, fc.nat(), fc.nat(), (text, a, b) => {
        const chars = [...text.normalize('NFC')]
        const piece = chars.slice(Math.min(a, b) % (chars.length + 1), Math.max(a, b) % (chars.length + 1)).join('')
        expect(containsFolded(text, piece.normalize('NFD').toUpperCase())).toBe(true)
        expect(containsFolded(text, foldForSearch(piece))).toBe(true)
      }),
    )
  })
})

describe('where the words are in the line', () => {
  it('marks the characters of the line, tone marks and capitals included', () => {
    const line = 'Hôm nay tôi đi chợ với mẹ.'
    const at = findFolded(line, 'di cho')!
    expect(line.slice(...at)).toBe('đi chợ')
    const decomposed = findFolded(line.normalize('NFD'), 'VỚI MẸ')!
    expect(line.slice(...decomposed)).toBe('với mẹ')
    expect(findFolded(line, 'bún')).toBeNull()
    expect(findFolded(line, '')).toBeNull()
  })

  it('the marked characters fold to what was searched for', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), vietnamese, fc.string({ unit: 'grapheme' }), (before, words, after) => {
        fc.pre(foldForSearch(words) !== '')
        const line = `${before}${words}${after}`.normalize('NFC')
        const at = findFolded(line, words)
        expect(at).not.toBeNull()
        expect(foldForSearch(line.slice(...at!))).toContain(foldForSearch(words))
      }),
    )
  })
})
