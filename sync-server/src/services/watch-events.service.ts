/**
 * Watch time from the outbox, counted exactly once.
 * - Each event is judged alone; a bad one is rejected with its reason and the rest of the batch lands.
 * - (user, client_id) is unique: a repeat answers `duplicate` and adds nothing.
 * - The rules that need no database (shape, watched_seconds in 0..60 and within the played span at
 *   that speed, +2 s of slack; occurred_at up to 30 days old and 5 minutes ahead) are checked first,
 *   by checkWatchEvents; this service adds the video's existence and the user's access to it.
 * - Counted time is the union of the wall-clock intervals the user's events cover
 *   ([occurred_at - watched_seconds, occurred_at], watching/covered-time.ts): an event counts only
 *   the part of its interval not covered before. One whose interval is all covered already is
 *   `overlap` (a stored client_id stays `duplicate`); its played span still marks the video's
 *   progress, since the learner did see it, but it is not stored and adds no time.
 * - Accepted time lands on the local day of occurred_at in the user's zone (never beyond 24 h a
 *   day: the union allows 24 h plus the minute an event may reach back past midnight, and a
 *   daylight-saving day is 25 h long), and on the video's progress: its merged played spans, total
 *   time and last position. A day's total, when first written, keeps the goal in force that day:
 *   today's is the current goal, an earlier day's (late outbox events) the one its goal history gives.
 * Day totals and progress are written once per day and video of a batch; batches that arrive together
 * share one transaction (group commit, below).
 */
import { WATCH_EVENT_MAX_AGE_DAYS, WATCH_EVENT_MAX_SECONDS, WATCH_EVENT_SPAN_SLACK_SECONDS, type WatchEventRejection, type WatchEventsResult } from '../../../contract/index.ts'
import type { Db } from '../db/connection.ts'
import type { CatalogueRepository, WatchableVideoRow } from '../repositories/catalogue.repository.ts'
import type { DailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import type { DailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository, VideoProgressRow } from '../repositories/video-progress.repository.ts'
import type { WatchCoverageRepository } from '../repositories/watch-coverage.repository.ts'
import type { WatchEventsRepository } from '../repositories/watch-events.repository.ts'
import { localToday } from '../time-zones.ts'
import { canWatch, type CanWatch } from '../watching/access.ts'
import { CHECK_OUTCOMES, EventNumber, NUMBERS_PER_EVENT, type CheckedWatchEvents } from '../watching/check-watch-events.ts'
import { CoveredTime } from '../watching/covered-time.ts'
import { coveredSeconds, mergeSpans, type Span } from '../watching/played-spans.ts'

const PASSES = CHECK_OUTCOMES.indexOf('passes')

const MESSAGES: Record<WatchEventRejection, string> = {
  invalid_event: 'The event is malformed.',
  watched_seconds_out_of_range: `watched_seconds must be between 0 and ${WATCH_EVENT_MAX_SECONDS}.`,
  exceeds_played_span: 'watched_seconds is longer than the span played at that speed.',
  too_old: `The event is more than ${WATCH_EVENT_MAX_AGE_DAYS} days old.`,
  in_the_future: 'The event is in the future.',
  unknown_video: 'No such video.',
  not_watchable: 'This video is not watchable with your plan.',
  overlap: 'This stretch of time is already counted.',
}

type Result = WatchEventsResult['data']

export type WatchEventsService = ReturnType<typeof createWatchEventsService>

export function createWatchEventsService(deps: {
  db: Db
  watchEvents: WatchEventsRepository
  watchCoverage: WatchCoverageRepository
  videoProgress: VideoProgressRepository
  dailyTotals: DailyTotalsRepository
  dailyGoals: DailyGoalsRepository
  catalogue: CatalogueRepository
  previewSeconds: number
}) {
  /** Stores the events of a checked batch that pass the rules left: the video and the user's access. */
  function storeBatch(user: UserRow, checked: CheckedWatchEvents, now: number): Result {
    const nowIso = new Date(now).toISOString()
    const result: Result = { accepted: [], duplicate: [], rejected: [] }
    const { outcomes, clientIds, numbers, occurredAt, days } = checked
    // Per video of the batch: the row (or null when unknown) and what this user may watch of it.
    const videos = new Map<number, { video: WatchableVideoRow; access: CanWatch } | null>()
    const dayTotals = new Map<string, number>()
    const progress = new Map<number, VideoProgressRow & { parsedSpans: Span[]; newSpans: [number, number][]; duration: number }>()
    // Ids refused earlier in this batch: a repeat is a duplicate. (Stored repeats are caught by the insert.)
    let refusedInBatch: Set<string> | undefined
    // Seconds of the day being summed; added to dayTotals when the day changes and at the end.
    let currentDay = ''
    let currentDaySeconds = 0
    // The user's covered time around this batch's events, loaded with the first event that needs it.
    let covered: CoveredTime | undefined
    const loadCoverage = () => {
      let fromMs = Infinity
      let toMs = -Infinity
      for (let i = 0; i < checked.count; i++) {
        if (outcomes[i] !== PASSES) continue
        const endMs = Math.round(numbers[i * NUMBERS_PER_EVENT + EventNumber.OccurredAtMs])
        fromMs = Math.min(fromMs, endMs - Math.round(numbers[i * NUMBERS_PER_EVENT + EventNumber.WatchedSeconds] * 1000))
        toMs = Math.max(toMs, endMs)
      }
      return new CoveredTime(deps.watchCoverage.around(user.id, fromMs, toMs))
    }

    /** Answers an event refused by a rule; true when it is a duplicate instead. */
    const reject = (clientId: string | null, error: WatchEventRejection): boolean => {
      // A stored event that fails a rule today (say it has grown too old) is still a duplicate.
      if (clientId && (refusedInBatch?.has(clientId) || (error !== 'invalid_event' && deps.watchEvents.exists(user.id, clientId)))) {
        result.duplicate.push(clientId)
        return true
      }
      result.rejected.push({ client_id: clientId, error, message: MESSAGES[error] })
      if (clientId) (refusedInBatch ??= new Set()).add(clientId)
      return false
    }

    for (let i = 0; i < checked.count; i++) {
      const outcome = CHECK_OUTCOMES[outcomes[i]]
      if (outcome === 'invalid_event') {
        result.rejected.push({ client_id: clientIds[i], error: 'invalid_event', message: checked.invalidMessages[i] })
        continue
      }
      const clientId = clientIds[i]!
      if (outcome !== 'passes') {
        reject(clientId, outcome)
        continue
      }
      const at = i * NUMBERS_PER_EVENT
      const videoId = numbers[at + EventNumber.VideoId]
      const positionFrom = numbers[at + EventNumber.PositionFrom]
      const positionTo = numbers[at + EventNumber.PositionTo]
      const watchedSeconds = numbers[at + EventNumber.WatchedSeconds]
      let watchable = videos.get(videoId)
      if (watchable === undefined) {
        const found = deps.catalogue.findForWatching(videoId)
        watchable = found ? { video: found, access: canWatch(found, user) } : null
        videos.set(videoId, watchable)
      }
      if (watchable === null) {
        reject(clientId, 'unknown_video')
        continue
      }
      const { video, access } = watchable
      if (access === 'none' || (access === 'preview' && positionTo > deps.previewSeconds + WATCH_EVENT_SPAN_SLACK_SECONDS)) {
        reject(clientId, 'not_watchable')
        continue
      }

      const day = days[i]
      const occurredIso = occurredAt[i]
      const endMs = Math.round(numbers[at + EventNumber.OccurredAtMs])
      const lengthMs = Math.round(watchedSeconds * 1000)
      const freshMs = (covered ??= loadCoverage()).uncovered(endMs - lengthMs, endMs)
      let countedSeconds = 0
      if (lengthMs > 0 && freshMs <= 0) {
        // All of it was counted before: a replay (duplicate, when its client_id is stored) or a parallel tab.
        if (reject(clientId, 'overlap')) continue
      } else {
        const stored = deps.watchEvents.insertOnce(
          user.id,
          clientId,
          video.id,
          positionFrom,
          positionTo,
          watchedSeconds,
          numbers[at + EventNumber.PlaybackRate],
          occurredIso,
          day,
          nowIso,
        )
        if (!stored) {
          result.duplicate.push(clientId)
          continue
        }
        result.accepted.push(clientId)
        if (lengthMs > 0) covered.add(endMs - lengthMs, endMs)
        // Whole seconds as sent when all of it is new (no rounding through milliseconds).
        countedSeconds = freshMs === lengthMs ? watchedSeconds : freshMs / 1000
        if (day === currentDay) currentDaySeconds += countedSeconds
        else {
          if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
          currentDay = day
          currentDaySeconds = countedSeconds
        }
      }

      let entry = progress.get(video.id)
      if (!entry) {
        const existing = deps.videoProgress.get(user.id, video.id)
        entry = {
          user_id: user.id,
          video_id: video.id,
          spans: '',
          covered_seconds: 0,
          watch_seconds: existing?.watch_seconds ?? 0,
          last_position_seconds: existing?.last_position_seconds ?? 0,
          last_watched_at: existing?.last_watched_at ?? '',
          parsedSpans: existing ? (JSON.parse(existing.spans) as Span[]) : [],
          newSpans: [],
          duration: video.duration_seconds,
        }
        progress.set(video.id, entry)
      }
      // Play is mostly continuous: a span that starts inside the last one extends it (the merge at
      // the end would join them anyway), so a batch keeps a few spans instead of hundreds.
      const lastSpan = entry.newSpans[entry.newSpans.length - 1]
      if (lastSpan && positionFrom >= lastSpan[0] && positionFrom <= lastSpan[1]) {
        if (positionTo > lastSpan[1]) lastSpan[1] = positionTo
      } else {
        entry.newSpans.push([positionFrom, positionTo])
      }
      entry.watch_seconds += countedSeconds
      if (occurredIso >= entry.last_watched_at) {
        entry.last_watched_at = occurredIso
        entry.last_position_seconds = positionTo
      }
    }

    if (covered) deps.watchCoverage.save(user.id, covered.changes())
    if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
    if (dayTotals.size > 0) {
      const today = localToday(now, user.time_zone)
      for (const [day, seconds] of dayTotals) {
        const goal = day >= today ? user.daily_goal_minutes : deps.dailyGoals.inForceOn(user.id, day)
        deps.dailyTotals.addSeconds(user.id, day, seconds, goal)
      }
    }
    for (const { parsedSpans, newSpans, duration, ...row } of progress.values()) {
      const spans = mergeSpans([...parsedSpans, ...newSpans])
      deps.videoProgress.save({
        ...row,
        spans: JSON.stringify(spans.map(([from, to]) => [Math.round(from * 10) / 10, Math.round(to * 10) / 10])),
        covered_seconds: coveredSeconds(spans, duration > 0 ? duration : undefined),
      })
    }
    return result
  }

  // Group commit. Batches that arrive together (many learners syncing at once) are written in one
  // transaction, at the end of the current turn of the event loop: the commit, a large share of an
  // insert's cost, is paid once for all of them. Each batch runs in its own savepoint, so a batch
  // that fails unexpectedly is undone alone; answers go out only after the commit.
  const storeInSavepoint = deps.db.transaction(storeBatch)
  const commitGroup = deps.db.transaction((group: PendingBatch[]) => {
    for (const pending of group) {
      try {
        pending.result = storeInSavepoint(pending.user, pending.checked, pending.now)
      } catch (error) {
        pending.error = error
      }
    }
  })
  let waiting: PendingBatch[] = []

  function commitWaiting() {
    const group = waiting
    waiting = []
    try {
      commitGroup.immediate(group)
    } catch (error) {
      for (const pending of group) pending.reject(error) // nothing of the group was stored
      return
    }
    for (const pending of group) {
      if (pending.result) pending.resolve(pending.result)
      else pending.reject(pending.error)
    }
  }

  /**
   * Stores a batch checked by checkWatchEvents (with the others that arrive in the same turn); answers
   * once it is committed. `now` is when the request came in. The server runs this on the ingest thread.
   */
  function store(user: UserRow, checked: CheckedWatchEvents, now: number) {
    return new Promise<Result>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(commitWaiting)
      waiting.push({ user, checked, now, resolve, reject })
    })
  }

  return { store }
}

interface PendingBatch {
  user: UserRow
  checked: CheckedWatchEvents
  now: number
  resolve: (result: Result) => void
  reject: (error: unknown) => void
  result?: Result
  error?: unknown
}
