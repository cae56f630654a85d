/**
 * The input-hours roadmap learners of comprehensible-input schools rely on: levels by total hours
 * of listening, with what each level usually brings. The thresholds follow Dreaming Spanish's roadmap.
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

export interface RoadmapPlace {
  level: number
  /** Hours still to go to the next level; null at the top. */
  hoursToNext: number | null
  /** Share of the way from this level's start to the next one's, 0..100. */
  percent: number
}

export function roadmapPlace(totalSeconds: number): RoadmapPlace {
  const hours = totalSeconds / 3600
  let index = 0
  while (index + 1 < ROADMAP_LEVELS.length && hours >= ROADMAP_LEVELS[index + 1]!.fromHours) index++
  const current = ROADMAP_LEVELS[index]!
  const next = ROADMAP_LEVELS[index + 1]
  if (!next) return { level: current.level, hoursToNext: null, percent: 100 }
  const span = next.fromHours - current.fromHours
  return { level: current.level, hoursToNext: Math.max(0, next.fromHours - hours), percent: Math.min(100, Math.floor(((hours - current.fromHours) / span) * 100)) }
}
