/**
 * Percent complete is the share of a video a learner has actually covered: the union of the spans
 * they played, not the furthest position (seeking to the end is not watching it). Spans are kept
 * merged and sorted, so the stored list stays short however many events arrive.
 */
export type Span = readonly [from: number, to: number]

/** Spans closer than this are joined: segment boundaries and event rounding leave tiny gaps. */
const JOIN_GAP_SECONDS = 1

/** Merges any number of spans at once: sort by start, then sweep (a batch adds hundreds). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a])).sort((x, y) => x[0] - y[0])
  const merged: [number, number][] = []
  for (const span of sorted) {
    const last = merged[merged.length - 1]
    if (last && span[0] <= last[1] + JOIN_GAP_SECONDS) last[1] = Math.max(last[1], span[1])
    else merged.push([span[0], span[1]])
  }
  return merged
}

export function coveredSeconds(spans: readonly Span[], durationSeconds?: number): number {
  let total = 0
  for (const [from, to] of spans) {
    const end = durationSeconds === undefined ? to : Math.min(to, durationSeconds)
    if (end > from) total += end - Math.max(0, from)
  }
  return total
}

/** Whole percent, 0..100. A video with no known duration has no percent. */
export function percentCovered(spans: readonly Span[], durationSeconds: number): number {
  if (!(durationSeconds > 0)) return 0
  return Math.min(100, Math.floor((coveredSeconds(spans, durationSeconds) / durationSeconds) * 100))
}

export const FINISHED_PERCENT = 90
