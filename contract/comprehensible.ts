/**
 * "Best for you now" (sort=comprehensible, api-contract "Words"): videos whose known share is from
 * 0.85 to 0.98 first, the closest to 0.95 first; then the rest by share, highest first; videos without
 * a share (no transcript the learner may read) last. One rule for the server's catalogue and the PWA's
 * list on the device, so the two halves order alike.
 */
import { WORDS_COMPREHENSIBLE_MAX, WORDS_COMPREHENSIBLE_MIN, WORDS_COMPREHENSIBLE_TARGET } from './vocabulary.ts'

const band = (share: number | null) => (share === null ? 2 : share >= WORDS_COMPREHENSIBLE_MIN && share <= WORDS_COMPREHENSIBLE_MAX ? 0 : 1)

/** A comparator of two shares (0..1, or null); 0 for ties, so a stable sort keeps the list's own order. */
export function comprehensibleOrder(a: number | null, b: number | null): number {
  const byBand = band(a) - band(b)
  if (byBand !== 0 || a === null || b === null) return byBand
  return band(a) === 0 ? Math.abs(a - WORDS_COMPREHENSIBLE_TARGET) - Math.abs(b - WORDS_COMPREHENSIBLE_TARGET) : b - a
}

/** The items in "best for you now" order, ties in their given order; `shareOf` is asked once per item. */
export function rankComprehensible<T>(items: readonly T[], shareOf: (item: T) => number | null): T[] {
  const shares = items.map((item, index) => ({ item, index, share: shareOf(item) }))
  shares.sort((a, b) => comprehensibleOrder(a.share, b.share) || a.index - b.index)
  return shares.map((entry) => entry.item)
}
