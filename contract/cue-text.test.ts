import { parseText } from 'media-captions'
import { describe, expect, it } from 'vitest'
import { cuePlainText, readCue } from './cue-text.ts'

const cueOf = async (text: string) => (await parseText(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${text}\n`, { type: 'vtt' })).cues[0]

describe('a cue as plain text', () => {
  it('reads 100,000 nested tags without overflowing the stack, and says how deep they go', async () => {
    const cue = await cueOf(`${'<c.a>'.repeat(100_000)}sâu${'</c>'.repeat(100_000)}`)
    expect(readCue(cue)).toEqual({ text: 'sâu', depth: 100_000 })
    expect(cuePlainText(cue)).toBe('sâu') // the PWA's offline search reads any file
  })

  it('keeps the words in order, drops ruby readings and entities, joins lines', async () => {
    const cue = await cueOf('<v Mẹ>Chào &amp; <b>hỏi</b></v>\n<ruby>漢<rt>kan</rt></ruby> <i>nhé</i>')
    expect(readCue(cue)).toEqual({ text: 'Chào & hỏi 漢 nhé', depth: 2 })
  })
})
