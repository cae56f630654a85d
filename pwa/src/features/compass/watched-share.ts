/**
 * The share of a video watched on this visit: the union of the played stretches over its length, the
 * server's own measure (its percent is the covered share, not the furthest point), so the question is
 * not asked before the server would take the answer.
 */
export interface Span {
  from: number
  to: number
}

export function watchedShare(spans: readonly Span[], durationSeconds: number): number {
  if (durationSeconds <= 0) return 0
  const sorted = spans.filter((span) => span.to > span.from).sort((a, b) => a.from - b.from)
  let covered = 0
  let end = Number.NEGATIVE_INFINITY
  for (const { from, to } of sorted) {
    const start = Math.max(from, end)
    if (to > start) covered += to - start
    end = Math.max(end, to)
  }
  return Math.min(1, covered / durationSeconds)
}
