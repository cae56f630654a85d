/**
 * How much of a video's words a learner knows (api-contract "Words", VideoSummary.words): the one
 * arithmetic, used by the server for the videos list (over its SQL sums) and by the PWA on the device
 * (over a video's counts and the learner's states), so both halves always agree. Known or ignored count
 * as known; a key with no state, or `new`, is new; `learning` is neither. Pure, no zod.
 */
import type { WordState } from './vocabulary.ts'

export interface KnownShare {
  /** Word tokens of the transcript. */
  total: number
  /** Distinct keys. */
  distinct: number
  /** The share of tokens whose key is known or ignored, 0..1; null when there are no tokens. */
  known_share: number | null
  /** Distinct keys that are neither known, ignored nor learning. */
  new_distinct: number
}

/** Whether a state counts as known in a share. */
function countsAsKnown(state: WordState | undefined): boolean {
  return state === 'known' || state === 'ignored'
}

/** The share from sums already made (the server's SQL): tokens, known tokens, distinct keys, new keys. */
export function shareOfSums(sums: { total: number; known: number; distinct: number; new_distinct: number }): KnownShare {
  return {
    total: sums.total,
    distinct: sums.distinct,
    known_share: sums.total > 0 ? sums.known / sums.total : null,
    new_distinct: sums.new_distinct,
  }
}

/** A video's share for a learner: its counts `[key, count]` against her states (a missing key is new). */
export function knownShare(counts: ReadonlyArray<readonly [string, number]>, states: ReadonlyMap<string, WordState>): KnownShare {
  let total = 0
  let known = 0
  let newDistinct = 0
  for (const [key, count] of counts) {
    total += count
    const state = states.get(key)
    if (countsAsKnown(state)) known += count
    else if (state === undefined || state === 'new') newDistinct++
  }
  return shareOfSums({ total, known, distinct: counts.length, new_distinct: newDistinct })
}
