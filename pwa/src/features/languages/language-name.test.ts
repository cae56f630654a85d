import { describe, expect, it } from 'vitest'
import { languageName } from './language-name.ts'

describe('a learning language’s name', () => {
  it('is said in the UI language, not in the catalogue’s English', () => {
    expect(languageName('vi', 'Vietnamese', 'vi')).toBe('Tiếng Việt')
    expect(languageName('yue', 'Cantonese', 'vi')).toBe('Tiếng Quảng Đông')
    expect(languageName('vi', 'Vietnamese', 'en')).toBe('Vietnamese')
  })

  it('falls back to the catalogue’s name for a code the browser cannot name', () => {
    expect(languageName('qaa', 'Test language', 'vi')).toBe('Test language')
    expect(languageName('not a code!', 'Odd', 'vi')).toBe('Odd')
  })
})

describe('the languages we teach', () => {
  it('are named by our own translations, without opening the browser’s table', () => {
    const ours: Record<string, string> = { vi: 'Tiếng Việt (ours)' }
    expect(languageName('vi', 'Vietnamese', 'vi', (code) => ours[code])).toBe('Tiếng Việt (ours)')
    // A code we have no name for still gets the browser's.
    expect(languageName('yue', 'Cantonese', 'vi', (code) => ours[code])).toBe('Tiếng Quảng Đông')
  })
})
