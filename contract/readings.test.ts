import { getJyutpingList } from 'to-jyutping'
import { describe, expect, it } from 'vitest'
import { isJyutping, jyutpingTone, readLine, type Reading } from './readings.ts'
import { createSegmenter } from './segment.ts'

const yue = createSegmenter('yue', ['銀行', '行長', '我哋', '飲茶', '今日', '唔該'])

/** Each reading with the characters it stands over. */
const over = (text: string, readings: Reading[]) => readings.map((r) => [text.slice(r.from, r.to), r.reading])
const read = (text: string, corrections?: Map<string, string>) => over(text, readLine(text, yue.segment(text), getJyutpingList, corrections))

describe('readLine (Cantonese)', () => {
  it('gives every character of a real sentence its Jyutping with the tone number, punctuation none', () => {
    expect(read('我哋今日去飲茶，好唔好呀？')).toEqual([
      ['我', 'ngo5'], ['哋', 'dei6'], ['今', 'gam1'], ['日', 'jat6'], ['去', 'heoi3'], ['飲', 'jam2'], ['茶', 'caa4'],
      ['好', 'hou2'], ['唔', 'm4'], ['好', 'hou2'], ['呀', 'aa3'],
    ])
  })

  it('reads a character in its context (銀行 hong4) and leaves Latin words and digits unread', () => {
    expect(read('銀行')).toEqual([['銀', 'ngan4'], ['行', 'hong4']])
    expect(read('OK，3點')).toEqual([['點', 'dim2']])
  })

  it("lets a contributor's correction win for that word everywhere it appears", () => {
    // The dictionary reads 行長 as "walk long"; the lexicon's reading corrects it in every line.
    expect(read('行長')).toEqual([['行', 'haang4'], ['長', 'coeng4']])
    const corrections = new Map([['行長', 'hong4 zoeng2']])
    expect(read('行長好忙。銀行行長今日唔得閒。', corrections)).toEqual([
      ['行', 'hong4'], ['長', 'zoeng2'], ['好', 'hou2'], ['忙', 'mong4'],
      ['銀', 'ngan4'], ['行', 'hong4'], ['行', 'hong4'], ['長', 'zoeng2'],
      ['今', 'gam1'], ['日', 'jat6'], ['唔', 'm4'], ['得', 'dak1'], ['閒', 'haan4'],
    ])
    // Not a word of the line (長 alone): no correction.
    expect(read('好長', corrections)).toEqual([['好', 'hou2'], ['長', 'coeng4']])
  })

  it('gives a correction that does not split one syllable a character to the whole word', () => {
    const corrections = new Map([['唔該', 'm4goi1']])
    expect(read('唔該。', corrections)).toEqual([['唔該', 'm4goi1']])
  })

  it('keeps UTF-16 offsets for characters outside the BMP', () => {
    const text = '𠻹好'
    const readings = readLine(text, yue.segment(text), () => [['𠻹', 'dam6'], ['好', 'hou2']])
    expect(readings).toEqual([{ from: 0, to: 2, reading: 'dam6' }, { from: 2, to: 3, reading: 'hou2' }])
  })
})

describe('Jyutping', () => {
  it('knows a correction that is Jyutping from one that is not, and reads tones', () => {
    expect(isJyutping('hong4 zoeng2')).toBe(true)
    expect(isJyutping('ng5 m4 jyut6 syu1')).toBe(true)
    expect(isJyutping('hong zoeng')).toBe(false)
    expect(isJyutping('háng')).toBe(false)
    expect([jyutpingTone('hong4'), jyutpingTone('zoeng2'), jyutpingTone('hong')]).toEqual([4, 2, null])
  })
})
