import { describe, expect, it } from 'vitest'
import { toneOf, tonesOf } from './tones.ts'

describe('Vietnamese tones', () => {
  it('names each of the six tones from its mark', () => {
    expect(['ma', 'mà', 'má', 'mả', 'mã', 'mạ'].map(toneOf)).toEqual(['ngang', 'huyen', 'sac', 'hoi', 'nga', 'nang'])
  })

  it('reads the tone apart from the vowel marks (circumflex, breve, horn)', () => {
    expect(['cân', 'ăn', 'ơn', 'người', 'mẹ', 'đẹp', 'nhất', 'sữa', 'phở', 'ậy'].map(toneOf)).toEqual(['ngang', 'ngang', 'ngang', 'huyen', 'nang', 'nang', 'sac', 'nga', 'hoi', 'nang'])
  })

  it('reads NFD input and capitals alike', () => {
    expect(toneOf('Phở'.normalize('NFD'))).toBe('hoi')
    expect(toneOf('VIỆT')).toBe('nang')
    expect(toneOf('Đà')).toBe('huyen')
  })

  it('gives each syllable of a multi-syllable word its tone, in order', () => {
    expect(tonesOf('cảm ơn')).toEqual([
      { syllable: 'cảm', tone: 'hoi' },
      { syllable: 'ơn', tone: 'ngang' },
    ])
    expect(tonesOf('  bây   giờ ').map((s) => s.tone)).toEqual(['ngang', 'huyen'])
  })
})
