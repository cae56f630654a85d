/**
 * Characters with their readings above them (issue 46): a span of a Cantonese line as `<ruby>`, each Han
 * character over its Jyutping (tone number kept, so the tone is never shown by colour alone; the colour
 * is a second cue, `ruby-tone-N`). A correction that reads a whole word sits over the whole word. What
 * has no reading (punctuation, Latin) stays plain text.
 */
import type { ReactNode } from 'react'
import { jyutpingTone, type Reading } from '../../../../contract/readings.ts'
import './words.css'

/** The span `from`..`to` of `text` with the readings that fall inside it. */
export function RubyText({ text, from, to, readings }: { text: string; from: number; to: number; readings: readonly Reading[] }) {
  const parts: ReactNode[] = []
  let at = from
  for (const reading of readings) {
    if (reading.from < from || reading.to > to) continue
    if (reading.from > at) parts.push(text.slice(at, reading.from))
    const syllables = reading.reading.split(' ')
    parts.push(
      <ruby key={reading.from} className="ruby" data-testid="ruby">
        {text.slice(reading.from, reading.to)}
        <rp>(</rp>
        <rt className={syllables.length === 1 ? `ruby-tone ruby-tone-${jyutpingTone(reading.reading) ?? 0}` : 'ruby-tone'}>{reading.reading}</rt>
        <rp>)</rp>
      </ruby>,
    )
    at = reading.to
  }
  if (at < to) parts.push(text.slice(at, to))
  return <>{parts}</>
}
