/**
 * Outside hours: input a learner had away from the app. Dated by the learner (today in their zone at
 * the latest, a year back at most), stored once per client_id, counted in total input hours. A date
 * holds at most 24 h of it: an entry past that is refused (422 `too_many_hours`), while a resend of one
 * already stored still answers as stored.
 */
import { OUTSIDE_DAY_MAX_MINUTES, OUTSIDE_HOURS_MAX_AGE_DAYS, OUTSIDE_TOO_MANY_HOURS } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, validationFailed } from '../errors.ts'
import type { OutsideEntry, OutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { localToday } from '../rules/time-zones.ts'

export type OutsideHoursService = ReturnType<typeof createOutsideHoursService>

export function createOutsideHoursService(deps: { outsideHours: OutsideHoursRepository; clock: Clock }) {
  return {
    async record(user: UserRow, entry: { client_id: string; date: string; minutes: number; type: string; note: string }): Promise<{ created: boolean }> {
      const now = deps.clock.now()
      const today = localToday(now, user.time_zone)
      const earliest = new Date(Date.parse(`${today}T00:00:00Z`) - OUTSIDE_HOURS_MAX_AGE_DAYS * 86_400_000).toISOString().slice(0, 10)
      if (entry.date > today) throw validationFailed(['The date cannot be in the future.'])
      if (entry.date < earliest) throw validationFailed([`The date can be at most ${OUTSIDE_HOURS_MAX_AGE_DAYS} days ago.`])
      const outcome = await deps.outsideHours.recordWithinDay(
        {
          userId: user.id,
          clientId: entry.client_id,
          day: entry.date,
          minutes: entry.minutes,
          kind: entry.type as OutsideEntry['kind'],
          note: entry.note,
          createdAt: new Date(now).toISOString(),
        },
        OUTSIDE_DAY_MAX_MINUTES,
      )
      if (outcome === 'stored') return { created: false }
      if (outcome === 'full') {
        const message = `A day holds at most ${OUTSIDE_DAY_MAX_MINUTES / 60} hours: ${entry.date} has no room for ${entry.minutes} more minutes.`
        throw new ApiError(422, OUTSIDE_TOO_MANY_HOURS, message, { errors: [message] })
      }
      return { created: true }
    },
  }
}
