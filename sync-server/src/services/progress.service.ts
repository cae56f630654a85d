/**
 * The progress page: total time, streaks (rules/streaks.ts), the last video viewed, videos in
 * progress (any time watched, not finished) by the share covered (rules/played-spans.ts; 90% is
 * finished), the last 30 days (up to 365 when asked), and the compass (issue 20): the next roadmap
 * level at the last 30 days' pace (rules/next-level.ts), progress per series started and per level.
 */
import { PROFICIENCY_LEVELS, PROGRESS_DAYS_DEFAULT, type Progress } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { notFound } from '../errors.ts'
import type { CatalogueRepository } from '../repositories/catalogue.repository.ts'
import { goalInForceFrom, type DailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import type { DailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { LearnerCompassRepository } from '../repositories/learner-compass.repository.ts'
import type { OutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository } from '../repositories/video-progress.repository.ts'
import { localDay } from '../rules/time-zones.ts'
import { FINISHED_PERCENT, percentCovered, type Span } from '../rules/played-spans.ts'
import { nextLevel, PACE_DAYS } from '../rules/next-level.ts'
import { goalMet, previousDay, streaks } from '../rules/streaks.ts'
import type { CatalogueService } from './catalogue.service.ts'

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
  compass: LearnerCompassRepository
  /** Reviews of saved lines per local day from a day on (issue 43). */
  reviewsByDay: (userId: number, fromDay: string) => Promise<Array<{ day: string; count: number | string | bigint }>>
}) {
  /** The same days as `days`, each with its count of reviews (0 without any). */
  async function reviewsByDay(userId: number, days: Progress['days']): Promise<Progress['reviews_by_day']> {
    const first = days[0]
    if (!first) return []
    const counts = new Map((await deps.reviewsByDay(userId, first.date)).map((row) => [row.day, Number(row.count)]))
    return days.map((day) => ({ date: day.date, count: counts.get(day.date) ?? 0 }))
  }

  return {
    /** `dayCount`: how many days `days` holds (the route checks 1..365). */
    async forUser(user: UserRow, languageCode: string | undefined, dayCount = PROGRESS_DAYS_DEFAULT): Promise<Progress> {
      if (languageCode !== undefined && !(await deps.languages.exists(languageCode))) throw notFound('No such language.')
      const today = localDay(deps.clock.now(), user.time_zone)
      const allDays = await deps.dailyTotals.allForUser(user.id)
      const byDay = new Map(allDays.map((day) => [day.day, day]))
      const { current, longest } = streaks(allDays, today)

      const days: Progress['days'] = []
      // A day without watch time has no total to hold its goal: the goal in force then, not today's
      // (from the user's goal changes read once, not a query per day of a year).
      const goalChanges = await deps.dailyGoals.changes(user.id)
      let paceFrom = today
      for (let i = 0, day = today; i < Math.max(dayCount, PACE_DAYS); i++, day = previousDay(day)) {
        if (i < PACE_DAYS) paceFrom = day
        if (i >= dayCount) continue
        const total = byDay.get(day)
        const goal = total?.goal_minutes ?? goalInForceFrom(goalChanges, day)
        const seconds = Math.round(total?.watch_seconds ?? 0)
        days.unshift({ date: day, watch_seconds: seconds, listen_seconds: Math.min(seconds, Math.round(total?.listen_seconds ?? 0)), goal_minutes: goal, goal_met: total ? goalMet(total) : false })
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
      const totalInputSeconds = Math.round(totalSeconds) + outsideSeconds
      return {
        total_watch_seconds: Math.round(totalSeconds),
        outside_seconds: outsideSeconds,
        // Input hours: time watched here plus what the learner logged outside (the roadmap's measure).
        total_input_seconds: totalInputSeconds,
        today_watch_seconds: Math.round(byDay.get(today)?.watch_seconds ?? 0),
        today_listen_seconds: Math.round(byDay.get(today)?.listen_seconds ?? 0),
        daily_goal_minutes: user.daily_goal_minutes,
        current_streak_days: current,
        longest_streak_days: longest,
        last_viewed: rows[0] ? (summaries.get(rows[0].video_id) ?? null) : null,
        in_progress: unfinished.flatMap(({ row, percent }) => {
          const video = summaries.get(row.video_id)
          return video ? [{ video, percent, last_position_seconds: Math.round(row.last_position_seconds) }] : []
        }),
        days,
        reviews_by_day: await reviewsByDay(user.id, days),
        // Pace: all input of the last 30 local days (watch time of every language and hours logged outside).
        next_level: nextLevel(totalInputSeconds, await deps.compass.inputSecondsSince(user.id, paceFrom)),
        series: languageCode === undefined ? [] : await deps.compass.seriesProgress(user.id, languageCode),
        levels: languageCode === undefined ? [] : ((await deps.compass.levelProgress(user.id, languageCode)) as Progress['levels']).sort(
          (a, b) => PROFICIENCY_LEVELS.indexOf(a.level) - PROFICIENCY_LEVELS.indexOf(b.level),
        ),
      }
    },
  }
}
