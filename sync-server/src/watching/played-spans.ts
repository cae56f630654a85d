/**
 * Percent complete is the share of a video a learner has actually covered: the union of the spans
 * they played, not the furthest position (seeking to the end is not watching it). Spans are kept
 * merged and sorted, so the stored list stays short however many events arrive.
 */
export type Span = readonly [from: number, to: number]

/** Spans closer than this are joined: segment boundaries and event rounding leave tiny gaps. */
const JOIN_GAP_SECONDS = 1

export function addSpan(spans: readonly Span[], span: Span): Span[] {
  const [from, to] = span[0] <= span[1] ? span : [span[1], span[0]]
  const merged: Span[] = []
  let current: [number, number] = [from, to]
  let placed = false
  for (const existing of spans) {
    if (existing[1] + JOIN_GAP_SECONDS < current[0]) {
      merged.push(existing)
    } else if (current[1] + JOIN_GAP_SECONDS < existing[0]) {
      if (!placed) {
        merged.push(current)
        placed = true
      }
      merged.push(existing)
    } else {
      current = [Math.min(current[0], existing[0]), Math.max(current[1], existing[1])]
    }
  }
  if (!placed) merged.push(current)
  return merged.sort((a, b) => a[0] - b[0])
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
