/**
 * The progress page: total time, streaks (watching/streaks.ts), the last video viewed, videos in
 * progress (any time watched, not finished) by the share covered (watching/played-spans.ts; 90% is
 * finished), and the last 30 days.
 */
import type { Progress } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { notFound } from '../errors.ts'
import type { CatalogueRepository } from '../repositories/catalogue.repository.ts'
import type { DailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import type { DailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { OutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository } from '../repositories/video-progress.repository.ts'
import { localDay } from '../time-zones.ts'
import { FINISHED_PERCENT, percentCovered, type Span } from '../watching/played-spans.ts'
import { goalMet, previousDay, streaks } from '../watching/streaks.ts'
import type { CatalogueService } from './catalogue.service.ts'

const CHART_DAYS = 30
const IN_PROGRESS_SHOWN = 20

export type ProgressService = ReturnType<typeof createProgressService>

export function createProgressService(deps: {
  clock: Clock
  dailyTotals: DailyTotalsRepository
  dailyGoals: DailyGoalsRepository
  videoProgress: VideoProgressRepository
  catalogue: CatalogueRepository
  catalogueService: CatalogueService
  languages: LanguagesRepository
  outsideHours: OutsideHoursRepository
}) {
  return {
    async forUser(user: UserRow, languageCode: string | undefined): Promise<Progress> {
      if (languageCode !== undefined && !(await deps.languages.exists(languageCode))) throw notFound('No such language.')
      const today = localDay(deps.clock.now(), user.time_zone)
      const allDays = await deps.dailyTotals.allForUser(user.id)
      const byDay = new Map(allDays.map((day) => [day.day, day]))
      const { current, longest } = streaks(allDays, today)

      const days: Progress['days'] = []
      for (let i = 0, day = today; i < CHART_DAYS; i++, day = previousDay(day)) {
        const total = byDay.get(day)
        // A day without watch time has no total to hold its goal: the goal in force then, not today's.
        const goal = total?.goal_minutes ?? (await deps.dailyGoals.inForceOn(user.id, day))
        const seconds = Math.round(total?.watch_seconds ?? 0)
        days.unshift({ date: day, watch_seconds: seconds, goal_minutes: goal, goal_met: total ? goalMet(total) : false })
      }

      const rows = languageCode === undefined ? [] : await deps.videoProgress.forLanguage(user.id, languageCode)
      const totalSeconds =
        languageCode === undefined
          ? allDays.reduce((sum, day) => sum + day.watch_seconds, 0)
          : rows.reduce((sum, row) => sum + row.watch_seconds, 0)
      // In progress: any time watched and not finished. The percent is whole and rounds down, so a few
      // seconds of a long video are in progress at 0%.
      const unfinished = rows
        .filter((row) => row.watch_seconds > 0 || row.covered_seconds > 0)
        .map((row) => ({ row, percent: percentCovered(JSON.parse(row.spans) as Span[], row.duration_seconds) }))
        .filter(({ percent }) => percent < FINISHED_PERCENT)
        .slice(0, IN_PROGRESS_SHOWN)
      const wanted = [...new Set([...(rows[0] ? [rows[0].video_id] : []), ...unfinished.map(({ row }) => row.video_id)])]
      const summaries = new Map(
        (await deps.catalogueService.summaries(user, await deps.catalogue.findPublishedByIds(wanted))).map((summary) => [summary.id, summary]),
      )

      const outsideSeconds = (await deps.outsideHours.totalMinutes(user.id)) * 60
      return {
        total_watch_seconds: Math.round(totalSeconds),
        outside_seconds: outsideSeconds,
        // Input hours: time watched here plus what the learner logged outside (the roadmap's measure).
        total_input_seconds: Math.round(totalSeconds) + outsideSeconds,
        today_watch_seconds: Math.round(byDay.get(today)?.watch_seconds ?? 0),
        daily_goal_minutes: user.daily_goal_minutes,
        current_streak_days: current,
        longest_streak_days: longest,
        last_viewed: rows[0] ? (summaries.get(rows[0].video_id) ?? null) : null,
        in_progress: unfinished.flatMap(({ row, percent }) => {
          const video = summaries.get(row.video_id)
          return video ? [{ video, percent, last_position_seconds: Math.round(row.last_position_seconds) }] : []
        }),
        days,
      }
    },
  }
}
