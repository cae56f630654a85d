import { cleanup, render } from '@testing-library/react'
import { getJyutpingList } from 'to-jyutping'
import { afterEach, describe, expect, it } from 'vitest'
import { readLine } from '../../../../contract/readings.ts'
import { createSegmenter } from '../../../../contract/segment.ts'
import { WordText } from './WordText.tsx'
import { WordsContext, type WordsContextValue } from './words-context.ts'

afterEach(cleanup)

// The dictionary runs here only to make the test's readings, as the server makes them; the PWA never loads it.
const segmenter = createSegmenter('yue', ['銀行', '行長', '今日', '飲茶'])
const line = { start: 0, end: 2, text: '銀行行長今日去飲茶。' }
const readings = new Map([[line.text, readLine(line.text, segmenter.segment(line.text), getJyutpingList, new Map([['行長', 'hong4 zoeng2']]))]])

function renderLine(withReadings: boolean) {
  const value: WordsContextValue = {
    language: 'yue',
    lexicon: undefined,
    states: new Map(),
    segment: segmenter.segment,
    open: () => undefined,
    readings: withReadings ? readings : undefined,
  }
  return render(
    <WordsContext.Provider value={value}>
      <p>
        <WordText line={line} coloured />
      </p>
    </WordsContext.Provider>,
  )
}

describe('ruby over a Cantonese line', () => {
  it('draws each character of each word under its Jyutping, the tone number kept and its tone class set', () => {
    const { getAllByTestId } = renderLine(true)
    const words = getAllByTestId('word')
    // A two-character word is one button holding two characters with their readings.
    expect(words.map((word) => [...word.querySelectorAll('ruby')].map((ruby) => ruby.firstChild?.textContent))).toEqual([['銀', '行'], ['行', '長'], ['今', '日'], ['去'], ['飲', '茶']])
    const over = [...document.querySelectorAll('rt')].map((rt) => [rt.textContent, rt.className])
    expect(over.slice(0, 4)).toEqual([
      ['ngan4', 'ruby-tone ruby-tone-4'],
      ['hong4', 'ruby-tone ruby-tone-4'],
      ['hong4', 'ruby-tone ruby-tone-4'],
      ['zoeng2', 'ruby-tone ruby-tone-2'],
    ])
    // The punctuation stays plain text, outside every word; <rp> keeps a reading readable without ruby support.
    expect(document.querySelector('p')!.lastChild?.textContent).toBe('。')
    expect(document.querySelectorAll('rp')).toHaveLength(2 * over.length)
  })

  it('shows the characters alone when readings are off', () => {
    const { getAllByTestId } = renderLine(false)
    expect(getAllByTestId('word').map((word) => word.textContent)).toEqual(['銀行', '行長', '今日', '去', '飲茶'])
    expect(document.querySelector('ruby')).toBeNull()
  })
})
