/**
 * A share of known words as a person reads it: a whole percent, rounded down, so "100 %" means every
 * word is known and a video with one new word in a thousand still says 99 %. The share is a ratio of
 * whole counts; a product such as 0.29 × 100 = 28.999… must still read 29.
 */
export function knownPercent(share: number): number {
  if (!(share > 0)) return 0
  if (share >= 1) return 100
  return Math.min(99, Math.floor(share * 100 + 1e-9))
}
