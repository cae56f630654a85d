/** The caption reader's rules without HTTP: line numbers as an editor shows them, whatever the line ends. */
import { describe, expect, it } from 'vitest'
import { parseCaptions } from './parse-vtt.ts'
import { cuesToVtt, cutCuesAt, vttTimestamp } from './serialize-vtt.ts'

const read = (text: string | Buffer, seconds: number | null = 60) => parseCaptions(typeof text === 'string' ? Buffer.from(text) : text, seconds)

describe('parseCaptions', () => {
  it('reads cues with ids, settings, NOTE and STYLE blocks, CRLF line ends and a BOM', async () => {
    const text = '\ufeffWEBVTT - bài 1\r\n\r\nSTYLE\r\n::cue { color: yellow }\r\n\r\nNOTE a --> in a note is no cue\r\n\r\nmột\r\n00:00:01.000 --> 00:00:02.500 align:start line:90%\r\n<v Lan>Chào <b>bạn</b></v>\r\nlần nữa\r\n\r\n00:03.000 --> 00:04.000\r\nA --> B\r\n'
    const parsed = await read(text)
    expect(parsed).toMatchObject({
      ok: true,
      cues: [
        { start: 1, end: 2.5, text: 'Chào bạn lần nữa' },
        { start: 3, end: 4, text: 'A --> B' },
      ],
      durationSeconds: 4,
    })
    // Stored as sent (the BOM dropped), so a full grant gets the file its author wrote.
    if (parsed.ok) expect(parsed.vtt.startsWith('WEBVTT - bài 1\r\n')).toBe(true)
  })

  it('names the line of each problem, counting CRLF, CR and LF line ends alike, in order', async () => {
    const parsed = await read('WEBVTT\r\rid\r00:02.000 --> 00:01.000\rngược\r\r00:05.000 --> 00:07.000\r\n…\n\n00:50.000 --> 01:05.000\nquá\n\n00:0a.000 --> 00:09.000\nsai\n')
    expect(parsed).toEqual({
      ok: false,
      errors: [
        'Line 4: the cue ends before it starts (or when it starts).',
        "Line 10: the cue ends at 1:05, after the video's end (1:00).",
        'Line 13: cue start timestamp `00:0a.000` is invalid.',
      ],
    })
  })

  it('allows half a second past the end, and any length before the video is probed', async () => {
    expect((await read('WEBVTT\n\n00:59.000 --> 01:00.400\nx\n', 60)).ok).toBe(true)
    expect((await read('WEBVTT\n\n00:59.000 --> 01:00.600\nx\n', 60)).ok).toBe(false)
    expect((await read('WEBVTT\n\n59:00.000 --> 59:10.000\nx\n', null)).ok).toBe(true)
  })

  it('names the first line that is not UTF-8, and refuses NUL', async () => {
    const bytes = Buffer.concat([Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\r\nđúng\r\n'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')])
    expect(await read(bytes)).toEqual({ ok: false, errors: ['Line 5: the file is not UTF-8 text.'] })
    expect(await read('WEBVTT\n\n00:01.000 --> 00:02.000\na\0b\n')).toEqual({ ok: false, errors: ['Line 4: the file holds a NUL character.'] })
  })

  it('composes decomposed tone marks (NFC)', async () => {
    const parsed = await read('WEBVTT\n\n00:01.000 --> 00:02.000\nTiếng Việt\n'.normalize('NFD'))
    expect(parsed.ok && parsed.cues[0].text).toBe('Tiếng Việt')
    expect(parsed.ok && parsed.vtt).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nTiếng Việt\n')
  })
})

describe('the preview cut', () => {
  it('keeps the cues that start before the preview, the last ending there, and writes them back as WebVTT', async () => {
    const cues = [
      { start: 1, end: 2, text: 'a < b & c' },
      { start: 29, end: 31.25, text: 'cắt' },
      { start: 30, end: 32, text: 'sau' },
    ]
    const cut = cutCuesAt(cues, 30)
    expect(cut).toEqual([cues[0], { start: 29, end: 30, text: 'cắt' }])
    const text = cuesToVtt(cut)
    expect(text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na &lt; b &amp; c\n\n00:00:29.000 --> 00:00:30.000\ncắt\n')
    expect(await read(text)).toMatchObject({ ok: true, cues: [{ text: 'a < b & c' }, { text: 'cắt' }] })
    expect(vttTimestamp(3723.5)).toBe('01:02:03.500')
  })
})
