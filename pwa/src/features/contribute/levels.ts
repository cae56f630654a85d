/**
 * The proficiency guidelines of spec section 9, in one place for the upload page's popup and the
 * guidance page: how long a video of each level runs and how many words it builds on.
 */
import { PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'

export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number]

export interface LevelGuideline {
  level: ProficiencyLevel
  minMinutes: number
  /** null: open-ended ("20+ minutes"). */
  maxMinutes: number | null
  /** The range of (basic) words the video builds on, where the guidelines give one. */
  words: { min: number; max: number } | null
}

export const LEVEL_GUIDELINES: readonly LevelGuideline[] = [
  { level: 'introductory', minMinutes: 3, maxMinutes: 6, words: { min: 5, max: 10 } },
  { level: 'beginner', minMinutes: 5, maxMinutes: 10, words: { min: 10, max: 20 } },
  { level: 'intermediate', minMinutes: 8, maxMinutes: 15, words: null },
  { level: 'advanced', minMinutes: 20, maxMinutes: null, words: null },
]

export { PROFICIENCY_LEVELS }
