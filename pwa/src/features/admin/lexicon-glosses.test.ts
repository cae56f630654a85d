import { describe, expect, it } from 'vitest'
import { glossesOfText } from './LexiconEntryDialogs.tsx'

describe('the meanings an admin types, one a line', () => {
  it('drops blank lines, trims each and keeps each once, in order', () => {
    expect(glossesOfText('  thank you \n\n thanks\nthank you\n')).toEqual(['thank you', 'thanks'])
    expect(glossesOfText(' \n ')).toEqual([])
  })
})
