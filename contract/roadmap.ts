/**
 * The input-hours roadmap learners of comprehensible-input schools rely on: levels by total hours
 * of listening. The thresholds follow Dreaming Spanish's roadmap. Shared by the PWA (the roadmap on
 * the progress page) and the server (the next level on /me/progress, and the rater's experience the
 * difficulty score weighs), so both count the same hours the same way. No zod here: the PWA imports it.
 */
export const ROADMAP_LEVELS = [
  { level: 1, fromHours: 0 },
  { level: 2, fromHours: 50 },
  { level: 3, fromHours: 150 },
  { level: 4, fromHours: 300 },
  { level: 5, fromHours: 600 },
  { level: 6, fromHours: 1000 },
  { level: 7, fromHours: 1500 },
] as const

/** The proficiency levels in teaching order (as contract/limits.ts), repeated here so this file imports nothing. */
type Level = 'introductory' | 'beginner' | 'intermediate' | 'advanced'

/**
 * The videos' level that suits a learner with this much input (seconds of `total_input_seconds`):
 * roadmap level 1 introductory, 2 beginner, 3 and 4 intermediate, 5 and up advanced. The "For you"
 * order of the videos list starts there (the server's sort=for_you and the PWA's cached list alike).
 */
export function levelForInputSeconds(inputSeconds: number): Level {
  const hours = Math.max(0, inputSeconds) / 3600
  if (hours < ROADMAP_LEVELS[1].fromHours) return 'introductory'
  if (hours < ROADMAP_LEVELS[2].fromHours) return 'beginner'
  if (hours < ROADMAP_LEVELS[4].fromHours) return 'intermediate'
  return 'advanced'
}
