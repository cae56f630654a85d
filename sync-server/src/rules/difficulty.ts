/**
 * The difficulty score's arithmetic, with no database: what one rating says about a video, and the
 * score a video's ratings give it. The formula and why it is so are in services/ratings.service.ts.
 */
import { DIFFICULTY_MAX, DIFFICULTY_MIN, DIFFICULTY_SHOWN_FROM_RATINGS, ROADMAP_LEVELS, type ProficiencyLevel } from '../../../contract/index.ts'

/** Points of the 1..100 scale per roadmap level, and per step of "how much did you understand". */
export const POINTS_PER_LEVEL = 15
/** Hours past the roadmap's last level (1500 h) at which the scale tops out at 100. */
const TOP_HOURS = 3000

/** (hours, points): the roadmap's levels at 1, 15, 30, ... 90, then 100 at TOP_HOURS. */
const ABILITY_ANCHORS: ReadonlyArray<readonly [number, number]> = [
  ...ROADMAP_LEVELS.map((level, index) => [level.fromHours, index === 0 ? 1 : index * POINTS_PER_LEVEL] as const),
  [TOP_HOURS, 100],
]

/** Where a learner with this much input stands on the 1..100 scale (piecewise linear between the roadmap's levels). */
export function abilityFromInputSeconds(inputSeconds: number): number {
  const hours = Math.max(0, inputSeconds) / 3600
  for (let i = 1; i < ABILITY_ANCHORS.length; i++) {
    const [toHours, toPoints] = ABILITY_ANCHORS[i]!
    if (hours < toHours) {
      const [fromHours, fromPoints] = ABILITY_ANCHORS[i - 1]!
      return fromPoints + ((hours - fromHours) / (toHours - fromHours)) * (toPoints - fromPoints)
    }
  }
  return 100
}

/** A level's place on the scale: where a video is believed to sit before learners have said. */
export const LEVEL_PRIOR: Readonly<Record<ProficiencyLevel, number>> = {
  introductory: 8, // roadmap level 1 (0-50 h)
  beginner: 22, // level 2 (50-150 h)
  intermediate: 45, // levels 3-4 (150-600 h)
  advanced: 70, // levels 5-6 (600-1500 h)
}
/** How many ratings the level's prior counts as: at 5 ratings it still weighs half. */
export const PRIOR_WEIGHT = 5
/** "About half" (3) puts the video at the rater's own place. */
const UNDERSTOOD_MIDDLE = 3

const clampToScale = (value: number) => Math.min(DIFFICULTY_MAX, Math.max(DIFFICULTY_MIN, value))

/**
 * What one rating says: the difficulty this rater's answer points to, a whole number 1..100 (whole so
 * the video's sum takes a replaced rating out exactly).
 */
export function ratingEvidence(understood: number, raterInputSeconds: number): number {
  return Math.round(clampToScale(abilityFromInputSeconds(raterInputSeconds) + POINTS_PER_LEVEL * (UNDERSTOOD_MIDDLE - understood)))
}

export interface RatingSums {
  level: ProficiencyLevel
  count: number
  evidenceSum: number
}

/** The score as stored and shown: 1..100, or null below DIFFICULTY_SHOWN_FROM_RATINGS ratings. */
export function difficultyScore({ level, count, evidenceSum }: RatingSums): number | null {
  if (count < DIFFICULTY_SHOWN_FROM_RATINGS) return null
  return Math.round(clampToScale((PRIOR_WEIGHT * LEVEL_PRIOR[level] + evidenceSum) / (PRIOR_WEIGHT + count)))
}

/** The sort key stored beside it: the score, or one past the top when there is none (unscored last). */
export const difficultyRank = (score: number | null) => score ?? DIFFICULTY_MAX + 1

/** A rating as kept: which one wins when a learner rates the same video again. */
export interface KeptRating {
  client_id: string
  occurred_at: string
}

/** A later rating (by occurred_at, then client_id) replaces the earlier; a replayed older one changes nothing. */
export function replaces(incoming: KeptRating, kept: KeptRating | undefined): boolean {
  if (!kept) return true
  const incomingMs = Date.parse(incoming.occurred_at)
  const keptMs = Date.parse(kept.occurred_at)
  return incomingMs > keptMs || (incomingMs === keptMs && incoming.client_id > kept.client_id)
}

/**
 * Where a learner's own ratings say they are, on the same scale: each rated video with a score puts
 * them at that score plus a level per step of understanding above "about half". The mean of those,
 * or null when none of the videos they rated has a score.
 */
export function placeFromRatings(ratings: ReadonlyArray<{ understood: number; difficulty: number | null }>): number | null {
  let sum = 0
  let count = 0
  for (const { understood, difficulty } of ratings) {
    if (difficulty === null) continue
    sum += clampToScale(difficulty + POINTS_PER_LEVEL * (understood - UNDERSTOOD_MIDDLE))
    count++
  }
  return count === 0 ? null : sum / count
}
