import { describe, expect, it } from 'vitest'
import { parseText } from 'media-captions'
import { cuesFromLines, joinWithNext, linesOf, nextUntimed, nudge, setEdges, splitCue, tapAt, type StudioCue } from './cue-ops.ts'
import { cueWarnings, defaultRuleSettings } from './cue-rules.ts'
import { mergeTracks, readCaptionFile, toWebVtt } from './cue-files.ts'

let counter = 0
const ids = () => `c${++counter}`
const timed = (id: string, start: number, end: number, text = 'xin chào', english = ''): StudioCue => ({ id, start, end, text, english })

describe('lines from text', () => {
  it('makes one untimed cue a non-blank line and keeps what each line had when the text is edited', () => {
    const cues = cuesFromLines('Xin chào\n\n  Tôi là Lan \r\nCảm ơn', [], ids)
    expect(cues.map((cue) => cue.text)).toEqual(['Xin chào', 'Tôi là Lan', 'Cảm ơn'])
    expect(cues.every((cue) => cue.start === null && cue.end === null)).toBe(true)
    const timedFirst = tapAt(cues, 0, 1.2)
    const edited = cuesFromLines('Xin chào các bạn\nTôi là Lan\nCảm ơn\nTạm biệt', timedFirst, ids)
    expect(edited[0]).toMatchObject({ id: cues[0].id, start: 1.2, text: 'Xin chào các bạn' })
    expect(edited[3]).toMatchObject({ text: 'Tạm biệt', start: null })
    expect(linesOf(edited)).toBe('Xin chào các bạn\nTôi là Lan\nCảm ơn\nTạm biệt')
  })
})

describe('tap to time', () => {
  it('starts the current line and ends the previous one at each tap; a tap past the last line ends it', () => {
    let cues = cuesFromLines('một\nhai\nba', [], ids)
    cues = tapAt(cues, 0, 1)
    cues = tapAt(cues, 1, 2.5)
    cues = tapAt(cues, 2, 4.25)
    cues = tapAt(cues, 3, 6)
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([[1, 2.5], [2.5, 4.25], [4.25, 6]])
    expect(nextUntimed(cues)).toBe(3)
  })

  it('gives a line no later tap closed a default length, and ignores a tap before the previous line began', () => {
    let cues = tapAt(cuesFromLines('một\nhai', [], ids), 0, 3)
    expect(cues[0]).toMatchObject({ start: 3, end: 5 })
    expect(nextUntimed(cues)).toBe(1)
    const seekedBack = tapAt(cues, 1, 2)
    expect(seekedBack.map((cue) => cue.start)).toEqual([3, null])
    cues = tapAt(cues, 1, 3.05)
    expect(cues[1].start).toBeNull()
  })
})

describe('nudge, edges, split and join', () => {
  it('nudges by a tenth of a second without float dust, never below zero nor shorter than 0.1 s', () => {
    let cues = [timed('a', 0.2, 1)]
    cues = nudge(cues, 'a', 'start', 0.1)
    expect(cues[0]).toMatchObject({ start: 0.3, end: 1 })
    cues = nudge(cues, 'a', 'both', -1)
    expect(cues[0]).toMatchObject({ start: 0, end: 0.7 })
    cues = nudge(nudge(cues, 'a', 'end', -0.6), 'a', 'end', -0.1)
    expect(cues[0]).toMatchObject({ start: 0, end: 0.1 })
  })

  it('sets edges from a drag, holding the other edge', () => {
    const cues = setEdges([timed('a', 1, 2)], 'a', 1.95, 2, 'start')
    expect(cues[0]).toMatchObject({ start: 1.9, end: 2 })
  })

  it('splits at the middle word and at its share of time, then joins back', () => {
    const cues = splitCue([timed('a', 10, 14, 'aaaa bbbb', 'hello')], 'a', {}, ids)
    expect(cues).toHaveLength(2)
    expect(cues[0]).toMatchObject({ text: 'aaaa', start: 10, end: 12, english: 'hello' })
    expect(cues[1]).toMatchObject({ text: 'bbbb', start: 12, end: 14, english: '' })
    const back = joinWithNext(cues, 'a')
    expect(back).toEqual([{ id: 'a', text: 'aaaa bbbb', english: 'hello', start: 10, end: 14 }])
  })
})

describe('rule warnings', () => {
  const settings = defaultRuleSettings('vi')

  it('warns of overlaps, short and long cues, too many or too long lines, and reading speed', () => {
    const cues = [
      timed('short', 0, 0.5, 'Ừ'),
      timed('overlapA', 1, 3, 'Một câu'),
      timed('overlapB', 2.5, 4, 'Hai câu'),
      timed('long', 5, 13, 'Một câu dài'),
      timed('lines', 14, 18, 'một\nhai\nba'),
      timed('wide', 19, 25, 'Đây là một dòng rất dài hơn bốn mươi hai ký tự đó nha'),
      timed('fast', 26, 27, 'Nói nhanh quá trời luôn đó'),
      timed('fine', 28, 30, 'Vừa đủ'),
    ]
    const found = cueWarnings(cues, 'vi', settings)
    expect(found.get('short')?.map((w) => w.kind)).toEqual(['tooShort'])
    expect(found.get('overlapA')).toEqual([{ kind: 'overlap', with: 'overlapB' }])
    expect(found.get('overlapB')).toEqual([{ kind: 'overlap', with: 'overlapA' }])
    expect(found.get('long')).toEqual([{ kind: 'tooLong', seconds: 8, limit: 7 }])
    expect(found.get('lines')?.map((w) => w.kind)).toEqual(['tooManyLines'])
    expect(found.get('wide')?.map((w) => w.kind)).toEqual(['lineTooLong'])
    expect(found.get('fast')).toEqual([{ kind: 'tooFast', charsPerSecond: 26, limit: 17 }])
    expect(found.has('fine')).toBe(false)
  })

  it('reads its numbers from the settings and the language (Cantonese counts characters, 9 a second)', () => {
    expect(cueWarnings([timed('a', 0, 1, 'Một câu')], 'vi', { ...settings, minSeconds: 1.5 }).get('a')?.[0].kind).toBe('tooShort')
    expect(defaultRuleSettings('yue')).toMatchObject({ maxCharsPerSecond: 9, maxCharsPerLine: 16 })
    expect(cueWarnings([timed('a', 0, 1, '你好，我係阿明呀，多謝晒')], 'yue', defaultRuleSettings('yue')).get('a')?.[0]).toMatchObject({ kind: 'tooFast', charsPerSecond: 10 })
  })
})

describe('files', () => {
  it('writes WebVTT the server parser reads without an error, leaving out untimed lines and escaping the text', async () => {
    const cues: StudioCue[] = [
      timed('b', 3, 4.5, 'Hai --> ba', 'Two'),
      timed('a', 0.5, 2, 'Một & <một>\n\ndòng hai', 'One'),
      { id: 'c', start: null, end: null, text: 'chưa có giờ', english: '' },
    ]
    const vtt = toWebVtt(cues, 'text')
    expect(vtt).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nMột &amp; &lt;một&gt;\ndòng hai\n\n00:00:03.000 --> 00:00:04.500\nHai --&gt; ba\n')
    const parsed = await parseText(vtt, { type: 'vtt', errors: true })
    expect(parsed.errors).toEqual([])
    expect(parsed.cues.map((cue) => [cue.startTime, cue.endTime])).toEqual([[0.5, 2], [3, 4.5]])
    expect(toWebVtt(cues, 'english')).toContain('00:00:03.000 --> 00:00:04.500\nTwo')
  })

  it('reads an SRT and a VTT file, and matches each English cue to the cue it overlaps most', async () => {
    const srt = await readCaptionFile('1\n00:00:01,000 --> 00:00:02,500\n<i>Xin chào</i>\n\n2\n00:00:03,000 --> 00:00:05,000\nTạm biệt\n')
    expect(srt).toEqual([{ start: 1, end: 2.5, text: 'Xin chào' }, { start: 3, end: 5, text: 'Tạm biệt' }])
    const vtt = await readCaptionFile('WEBVTT\n\n00:00:01.100 --> 00:00:02.400\nHello\n\n00:00:03.000 --> 00:00:04.900\nGoodbye\n')
    const merged = mergeTracks(srt ?? [], vtt ?? [], ids)
    expect(merged.map((cue) => [cue.text, cue.english])).toEqual([['Xin chào', 'Hello'], ['Tạm biệt', 'Goodbye']])
    expect(await readCaptionFile('not a caption file')).toBeNull()
  })
})
