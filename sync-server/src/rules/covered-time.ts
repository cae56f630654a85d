/**
 * A learner's counted watch time is the union of the wall-clock intervals their events cover
 * (`[occurred_at - watched_seconds, occurred_at]`, api-contract "Hardening"): two tabs playing at once,
 * or a replayed outbox under new client_ids, never count the same moment twice.
 *
 * This holds one stretch of a learner's covered time in memory: disjoint intervals in epoch
 * milliseconds, sorted, touching ones joined (exactly; no tolerance, so what is counted is exact). The
 * ingest loads the stretch a batch can touch, adds the batch's events one by one (each learns how much
 * of it was new), and writes back only the intervals that changed.
 */

export type Interval = readonly [startMs: number, endMs: number]

export class CoveredTime {
  private readonly starts: number[] = []
  private readonly ends: number[] = []
  /** The intervals as loaded, by start: to write back only what changed. */
  private readonly loaded = new Map<number, number>()

  /** `intervals`: disjoint, non-touching and sorted, as stored. */
  constructor(intervals: Iterable<Interval> = []) {
    for (const [start, end] of intervals) {
      this.starts.push(start)
      this.ends.push(end)
      this.loaded.set(start, end)
    }
  }

  /** Milliseconds of [start, end] not covered yet. */
  uncovered(start: number, end: number): number {
    let fresh = end - start
    for (let i = this.firstReaching(start); i < this.starts.length && this.starts[i] < end; i++) {
      fresh -= Math.min(end, this.ends[i]) - Math.max(start, this.starts[i])
    }
    return fresh
  }

  /** Covers [start, end], joining every interval it overlaps or touches. */
  add(start: number, end: number): void {
    const first = this.firstReaching(start)
    let last = first
    let joinedStart = start
    let joinedEnd = end
    while (last < this.starts.length && this.starts[last] <= end) {
      joinedStart = Math.min(joinedStart, this.starts[last])
      joinedEnd = Math.max(joinedEnd, this.ends[last])
      last++
    }
    // Play moves forward: the usual case appends (or extends the last interval), which splice does cheaply.
    this.starts.splice(first, last - first, joinedStart)
    this.ends.splice(first, last - first, joinedEnd)
  }

  /** What to write back: intervals that are new or grew, and starts of loaded ones no longer there. */
  changes(): { upsert: Interval[]; removed: number[] } {
    const upsert: Interval[] = []
    const kept = new Set<number>()
    for (let i = 0; i < this.starts.length; i++) {
      const start = this.starts[i]
      kept.add(start)
      if (this.loaded.get(start) !== this.ends[i]) upsert.push([start, this.ends[i]])
    }
    const removed = [...this.loaded.keys()].filter((start) => !kept.has(start))
    return { upsert, removed }
  }

  /** The index of the first interval whose end reaches `at` (binary search; the count when none). */
  private firstReaching(at: number): number {
    let low = 0
    let high = this.starts.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.ends[mid] < at) low = mid + 1
      else high = mid
    }
    return low
  }
}
