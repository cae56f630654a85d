/**
 * The input-hours roadmap learners of comprehensible-input schools rely on: levels by total hours
 * of listening, with what each level usually brings. The levels are the contract's (shared with the server).
 */
import { ROADMAP_LEVELS } from '../../../../contract/roadmap.ts'

export { ROADMAP_LEVELS }

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
