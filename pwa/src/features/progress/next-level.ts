/**
 * Time to the next roadmap level at the last 30 days' pace. The server answers it (`next_level`);
 * a progress copy cached before the server did is worked out here the same way: hours still needed
 * over the average daily input of the last 30 days (null when nothing was watched in them).
 */
import { roadmapPlace } from './roadmap.ts'
import type { Progress } from '../../../../contract/schemas/catalogue.ts'

type NextLevel = NonNullable<Progress['next_level']>

const PACE_DAYS = 30

export function nextLevel(
  fromServer: NextLevel | null | undefined,
  totalInputSeconds: number,
  days: ReadonlyArray<{ watch_seconds: number }>,
): NextLevel | null {
  if (fromServer !== undefined) return fromServer
  const place = roadmapPlace(totalInputSeconds)
  if (place.hoursToNext === null) return null
  const recent = days.slice(-PACE_DAYS)
  const hoursPerDay = recent.reduce((sum, day) => sum + day.watch_seconds, 0) / 3600 / PACE_DAYS
  return {
    level: place.level + 1,
    hours_needed: place.hoursToNext,
    days_at_current_pace: hoursPerDay > 0 ? Math.ceil(place.hoursToNext / hoursPerDay) : null,
  }
}
