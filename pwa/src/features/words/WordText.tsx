/**
 * A line's text with each word its own button (tap: the word's sheet), coloured by what the learner
 * knows: new words marked, learning ones lighter, known and ignored ones plain, and never by colour
 * alone (new: a solid underline, learning: a dashed one). What lies between words (spaces, punctuation,
 * numbers) stays text. In the transcript, a line with exactly one new word is marked "i+1".
 */
import { memo, useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Reading } from '../../data/words/index.ts'
import { RubyText } from './RubyText.tsx'
import { useWordsContext } from './words-context.ts'
import './words.css'

interface Line {
  start: number
  end: number
  text: string
}

/** The readings inside a word's span, in order (none: undefined). */
function readingOf(readings: readonly Reading[], from: number, to: number): string | undefined {
  const inside = readings.filter((reading) => reading.from >= from && reading.to <= to).map((reading) => reading.reading)
  return inside.length > 0 ? inside.join(' ') : undefined
}

export const WordText = memo(function WordText({ line, coloured, markOneNew = false }: { line: Line; coloured: boolean; markOneNew?: boolean }) {
  const { t } = useTranslation('words')
  const words = useWordsContext()
  const segment = words?.segment
  const tokens = useMemo(() => (segment ? segment(line.text) : []), [segment, line.text])
  if (!words || tokens.length === 0) return <>{line.text}</>
  const readings = words.readings?.get(line.text)
  const parts: ReactNode[] = []
  let at = 0
  const fresh = new Set<string>()
  for (const [index, token] of tokens.entries()) {
    if (token.from > at) parts.push(line.text.slice(at, token.from))
    const state = words.states.get(token.key) ?? 'new'
    if (state === 'new') fresh.add(token.key)
    const text = line.text.slice(token.from, token.to)
    const reading = readings ? readingOf(readings, token.from, token.to) : undefined
    parts.push(
      <button
        key={index}
        type="button"
        className={coloured ? `word word-${state}` : 'word'}
        data-state={state}
        data-testid="word"
        onClick={(event) => words.open({ language: words.language, key: token.key, text, line, reading }, event.currentTarget)}
      >
        {readings ? <RubyText text={line.text} from={token.from} to={token.to} readings={readings} /> : text}
      </button>,
    )
    at = token.to
  }
  if (at < line.text.length) parts.push(line.text.slice(at))
  return (
    <>
      {parts}
      {markOneNew && coloured && fresh.size === 1 ? (
        <span className="word-one-new" data-testid="word-one-new">
          <span aria-hidden="true">i+1</span>
          <span className="visually-hidden">{t('oneNew')}</span>
        </span>
      ) : null}
    </>
  )
})
