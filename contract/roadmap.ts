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
