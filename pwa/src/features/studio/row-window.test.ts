import { describe, expect, it } from 'vitest'
import { rowOffsets, rowsMeeting, windowItems, type WindowItem } from './row-window.ts'

const GAP = 8
const heights = Array.from({ length: 600 }, (_, i) => (i % 10 === 0 ? 150 : 100))
const offsets = rowOffsets(heights, GAP)

/** The list's height as laid out: each item, with a gap between two neighbours. */
function laidOut(items: WindowItem[]): number {
  const sizes = items.map((item) => (item.kind === 'gap' ? item.height : heights[item.index]))
  return sizes.length === 0 ? 0 : sizes.reduce((sum, size) => sum + size, 0) + GAP * (sizes.length - 1)
}

describe('the windowed cue list', () => {
  it('renders only the rows meeting the span, in order', () => {
    const range = rowsMeeting(offsets, offsets[300], offsets[300] + 900)
    expect(range.start).toBe(300)
    expect(range.end - range.start).toBeLessThan(12)
    const rows = windowItems(offsets, GAP, range, []).filter((item) => item.kind === 'row')
    expect(rows.map((item) => (item.kind === 'row' ? item.index : -1))).toEqual(Array.from({ length: range.end - range.start }, (_, i) => range.start + i))
  })

  it('keeps the list as tall as all 600 rows and each rendered row where it would be, wherever the window is', () => {
    const full = offsets[600] - GAP
    for (const from of [0, 5_000, 30_000, full - 500]) {
      const items = windowItems(offsets, GAP, rowsMeeting(offsets, from, from + 900), [])
      expect(laidOut(items)).toBe(full)
      const first = items.findIndex((item) => item.kind === 'row')
      const row = items[first]
      if (row.kind !== 'row') throw new Error('no row')
      expect(laidOut(items.slice(0, first)) + (first > 0 ? GAP : 0)).toBe(offsets[row.index])
    }
  })

  it('keeps a pinned row (the chosen cue, the one with the focus) mounted far from the window, in its place', () => {
    const items = windowItems(offsets, GAP, rowsMeeting(offsets, 0, 900), [450])
    const at = items.findIndex((item) => item.kind === 'row' && item.index === 450)
    expect(at).toBeGreaterThan(0)
    expect(laidOut(items.slice(0, at)) + GAP).toBe(offsets[450])
    expect(laidOut(items)).toBe(offsets[600] - GAP)
  })

  it('renders the first row of an empty span and nothing for an empty list', () => {
    expect(rowsMeeting(offsets, -2_000, -1_000)).toEqual({ start: 0, end: 1 })
    expect(windowItems(rowOffsets([], GAP), GAP, { start: 0, end: 0 }, [3])).toEqual([])
  })
})
