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
