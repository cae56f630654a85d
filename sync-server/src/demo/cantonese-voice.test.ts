/**
 * The Cantonese demo's voice says what its captions' readings say (issue 46): every line of every
 * Cantonese script, as espeak-ng's `yue` voice reads it (its phonemes, `-x`), matches to-jyutping's
 * Jyutping syllable for syllable, tones included. A word espeak-ng reads otherwise (唔該 as ng4 goi1,
 * 我哋 as ngo5 dei2, 燒賣 as siu1 maai6) fails here and is kept out of the scripts.
 */
import { execFileSync } from 'node:child_process'
import { getJyutpingList } from 'to-jyutping'
import { describe, expect, it } from 'vitest'
import { DEMO_VIDEOS } from './catalogue.ts'

/** espeak-ng's phonemes as Jyutping: `N` is ng, the tone follows the nucleus (moved to the end), 7–9 are the checked 1, 3, 6. */
function espeakJyutping(text: string): string[] {
  const phonemes = execFileSync(process.env.ESPEAK_PATH || 'espeak-ng', ['-v', 'yue', '-x', '-q', '--stdin'], { input: text, encoding: 'utf8' })
  const syllables: string[] = []
  for (const word of phonemes.replace(/'/g, '').split(/[_|\s]+/).filter(Boolean)) {
    // A word of several syllables comes run together ("baai1baai3"): split after each tone and its coda.
    for (const [, body, tone, coda] of word.matchAll(/([a-zA-Z]*?)(\d)((?:ng|[mnptk])(?![aeiouy]))?/g)) {
      syllables.push(`${body!.replace(/^N/, 'ng')}${coda ?? ''}${({ 7: '1', 8: '3', 9: '6' } as Record<string, string>)[tone!] ?? tone}`)
    }
  }
  return syllables
}

// Needs espeak-ng (as the demo does) and no database: once, on the SQLite run.
describe.skipIf(process.env.DEHIEU_TEST_ENGINE === 'postgres')('the Cantonese demo voice', () => {
  it('reads every line as to-jyutping does', () => {
    const lines = DEMO_VIDEOS.filter((video) => video.language === 'yue').flatMap((video) => video.script.lines.map((line) => line.said))
    expect(lines.length).toBeGreaterThan(30)
    const differing = lines
      .map((line) => ({ line, espeak: espeakJyutping(line).join(' '), jyutping: getJyutpingList(line).flatMap(([, reading]) => (reading ? [reading] : [])).join(' ') }))
      .filter((read) => read.espeak !== read.jyutping)
    expect(differing).toEqual([])
  })

  it('would catch a word it reads otherwise', () => {
    expect(espeakJyutping('唔該')).not.toEqual(['m4', 'goi1'])
    expect(espeakJyutping('拜拜，早晨。')).toEqual(['baai1', 'baai3', 'zou2', 'san4'])
  })
})
