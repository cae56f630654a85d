import { describe, expect, it } from 'vitest'
import { coveredSeconds, mergeSpans, percentCovered, type Span } from './played-spans.ts'

// Adding spans one at a time, as separate batches would.
const build = (...spans: Span[]) => spans.reduce<Span[]>((all, span) => mergeSpans([...all, span]), [])

describe('played spans', () => {
  it('counts the union, not the sum, of overlapping plays', () => {
    const spans = build([0, 30], [20, 50], [10, 40])
    expect(spans).toEqual([[0, 50]])
    expect(coveredSeconds(spans)).toBe(50)
  })

  it('keeps separate spans apart and joins them when a play bridges the gap', () => {
    const spans = build([0, 10], [30, 40], [60, 70])
    expect(spans).toEqual([[0, 10], [30, 40], [60, 70]])
    expect(coveredSeconds(spans)).toBe(30)
    expect(build([0, 10], [30, 40], [60, 70], [5, 65])).toEqual([[0, 70]])
  })

  it('is not fooled by a seek to the end: the furthest position is not the percent', () => {
    const spans = build([0, 20], [95, 100])
    expect(percentCovered(spans, 100)).toBe(25)
  })

  it('caps at the duration and at 100%', () => {
    expect(percentCovered(build([0, 130]), 100)).toBe(100)
    expect(percentCovered(build([0, 89.9]), 100)).toBe(89)
    expect(percentCovered(build([0, 90]), 100)).toBe(90)
    expect(percentCovered([], 0)).toBe(0)
  })

  it('joins spans that touch within a second', () => {
    expect(build([0, 10], [10.5, 20])).toEqual([[0, 20]])
  })

  it('merges a whole batch at once exactly as adding one by one', () => {
    const batch: Span[] = [[50, 60], [0, 10], [9.5, 20], [100, 90], [58, 75], [200, 210], [75.5, 80]]
    expect(mergeSpans(batch)).toEqual(build(...batch))
    expect(mergeSpans([])).toEqual([])
  })
})
