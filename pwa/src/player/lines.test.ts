import { describe, expect, it } from 'vitest'
import { activeLine, anchorLine, crossedLineEnd, nextTarget, previousTarget, replayTarget, sortLines, translationsFor, type Line } from './lines.ts'

const line = (start: number, end: number, text = `${start}`): Line => ({ start, end, text })
/** Three lines with gaps: 1-3, 4-6, 8-10. */
const gaps = [line(1, 3), line(4, 6), line(8, 10)]

describe('line arithmetic', () => {
  it('sorts cues by start and drops empty ones', () => {
    expect(sortLines([line(4, 6), line(1, 3), line(2, 2), line(1, 2)]).map((l) => [l.start, l.end])).toEqual([
      [1, 2],
      [1, 3],
      [4, 6],
    ])
  })

  it('belongs a moment to the line just heard: inside a line, at its boundaries, and in a gap', () => {
    expect(anchorLine(gaps, 0.5)).toBe(-1) // before the first line
    expect(anchorLine(gaps, 1)).toBe(0) // a line's start is inside it
    expect(anchorLine(gaps, 3)).toBe(0) // its end: still the line just heard
    expect(anchorLine(gaps, 3.5)).toBe(0) // a seek into the gap
    expect(anchorLine(gaps, 4)).toBe(1)
    expect(anchorLine(gaps, 11)).toBe(2) // after the last
  })

  it('shows no line in a gap, and a line up to (not at) its end', () => {
    expect(activeLine(gaps, 0.5)).toBe(-1)
    expect(activeLine(gaps, 1)).toBe(0)
    expect(activeLine(gaps, 2.99)).toBe(0)
    expect(activeLine(gaps, 3)).toBe(-1)
    expect(activeLine(gaps, 7)).toBe(-1)
    expect(activeLine(gaps, 10)).toBe(-1)
  })

  it('shows one line of overlapping cues: the latest started, then the longer one again once it ends', () => {
    const overlapping = sortLines([line(0, 10, 'long'), line(2, 4, 'short'), line(3, 5, 'later')])
    expect(overlapping[activeLine(overlapping, 1)].text).toBe('long')
    expect(overlapping[activeLine(overlapping, 2.5)].text).toBe('short')
    expect(overlapping[activeLine(overlapping, 3.5)].text).toBe('later')
    expect(overlapping[activeLine(overlapping, 6)].text).toBe('long')
    expect(activeLine(overlapping, 10)).toBe(-1)
  })

  it('replays the line just heard: from inside it, from the gap after it, and the first before any', () => {
    expect(replayTarget(gaps, 2)).toBe(0)
    expect(replayTarget(gaps, 3.5)).toBe(0)
    expect(replayTarget(gaps, 0)).toBe(0)
    expect(replayTarget(gaps, 20)).toBe(2)
    expect(replayTarget([], 2)).toBe(-1)
  })

  it('goes to the previous and next lines, stopping at the first and after the last', () => {
    expect(previousTarget(gaps, 5)).toBe(0)
    expect(previousTarget(gaps, 2)).toBe(0) // the first line has none before it
    expect(previousTarget(gaps, 0)).toBe(0)
    expect(previousTarget(gaps, 7)).toBe(0) // the gap after line 1 belongs to it
    expect(nextTarget(gaps, 0)).toBe(0) // before any line: the first
    expect(nextTarget(gaps, 2)).toBe(1)
    expect(nextTarget(gaps, 7)).toBe(2)
    expect(nextTarget(gaps, 9)).toBe(-1) // the last line has no next
  })

  it('stops auto-pause at each line end crossed in play, a hair early, and not again on resuming there', () => {
    expect(crossedLineEnd(gaps, 2.5, 2.9)).toBe(null)
    expect(crossedLineEnd(gaps, 2.9, 3.1)).toBeCloseTo(2.95)
    // Resumed from where it stopped: the same end is not crossed again.
    expect(crossedLineEnd(gaps, 2.95, 3.2)).toBe(null)
    // A long step (a throttled background tab) stops at the first end it passed.
    expect(crossedLineEnd(gaps, 2, 9)).toBeCloseTo(2.95)
    // Overlapping cues: the earlier line's end inside the later one is a stop too.
    const overlapping = sortLines([line(0, 4), line(3, 6)])
    expect(crossedLineEnd(overlapping, 3.5, 4)).toBeCloseTo(3.95)
    expect(crossedLineEnd(overlapping, 5.9, 6.1)).toBeCloseTo(5.95)
    expect(crossedLineEnd(gaps, 5, 4)).toBe(null) // backwards is a seek, not play
  })

  it('finds what the other track says over each line, however the two are timed', () => {
    const vi = [
      { start: 0, end: 3, text: 'Xin chào.' },
      { start: 3, end: 8, text: 'Hôm nay tôi đi chợ với mẹ.' },
      { start: 10, end: 12, text: 'Về nhà.' },
      { start: 20, end: 21, text: 'Im lặng.' },
    ]
    const en = [
      { start: 0.2, end: 2.8, text: 'Hello.' },
      // Split in two by the translator: both belong to the one Vietnamese line.
      { start: 3, end: 5, text: 'Today I go' },
      { start: 5, end: 8, text: 'to the market with my mother.' },
      // Longer than its line, its middle outside it: the most overlapping cue still answers.
      { start: 9.5, end: 16, text: 'Home.' },
    ]
    expect(translationsFor(vi, en)).toEqual(['Hello.', 'Today I go to the market with my mother.', 'Home.', ''])
    expect(translationsFor(vi, [])).toEqual(['', '', '', ''])
  })
})
