/**
 * Watch time from the outbox, counted exactly once.
 * - Each event is judged alone; a bad one is rejected with its reason and the rest of the batch lands.
 * - (user, client_id) is unique: a repeat answers `duplicate` and adds nothing.
 * - The rules that need no database (shape, watched_seconds in 0..60 and within the played span at
 *   that speed, +2 s of slack; occurred_at up to 30 days old and 5 minutes ahead) are checked first,
 *   by checkWatchEvents; this service adds the video's existence and the user's access to it.
 * - Accepted time lands on the local day of occurred_at in the user's zone, and on the video's
 *   progress: its merged played spans, total time and last position. A day's total, when first
 *   written, keeps the goal in force that day: today's is the current goal, an earlier day's (late
 *   outbox events) the one its goal history gives.
 * Day totals and progress are written once per day and video of a batch; batches that arrive together
 * share one transaction (group commit, below).
 */
import { WATCH_EVENT_MAX_AGE_DAYS, WATCH_EVENT_MAX_SECONDS, WATCH_EVENT_SPAN_SLACK_SECONDS, type WatchEventRejection, type WatchEventsResult } from '../../../contract/index.ts'
import type { Db } from '../db/connection.ts'
import type { WatchableVideoRow } from '../repositories/catalogue.repository.ts'
import type { DailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import type { DailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRow } from '../repositories/video-progress.repository.ts'
import type { IngestCatalogue, IngestVideoProgress } from '../repositories/watching-sync.repository.ts'
import type { WatchEventsRepository } from '../repositories/watch-events.repository.ts'
import { localToday } from '../time-zones.ts'
import { canWatch, type CanWatch } from '../watching/access.ts'
import { CHECK_OUTCOMES, EventNumber, NUMBERS_PER_EVENT, type CheckedWatchEvents } from '../watching/check-watch-events.ts'
import { coveredSeconds, mergeSpans, type Span } from '../watching/played-spans.ts'

const MESSAGES: Record<WatchEventRejection, string> = {
  invalid_event: 'The event is malformed.',
  watched_seconds_out_of_range: `watched_seconds must be between 0 and ${WATCH_EVENT_MAX_SECONDS}.`,
  exceeds_played_span: 'watched_seconds is longer than the span played at that speed.',
  too_old: `The event is more than ${WATCH_EVENT_MAX_AGE_DAYS} days old.`,
  in_the_future: 'The event is in the future.',
  unknown_video: 'No such video.',
  not_watchable: 'This video is not watchable with your plan.',
}

type Result = WatchEventsResult['data']

export type WatchEventsService = ReturnType<typeof createWatchEventsService>

export function createWatchEventsService(deps: {
  db: Db
  watchEvents: WatchEventsRepository
  videoProgress: IngestVideoProgress
  dailyTotals: DailyTotalsRepository
  dailyGoals: DailyGoalsRepository
  catalogue: IngestCatalogue
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

    const reject = (clientId: string | null, error: WatchEventRejection) => {
      // A stored event that fails a rule today (say it has grown too old) is still a duplicate.
      if (clientId && (refusedInBatch?.has(clientId) || (error !== 'invalid_event' && deps.watchEvents.exists(user.id, clientId)))) {
        result.duplicate.push(clientId)
      } else {
        result.rejected.push({ client_id: clientId, error, message: MESSAGES[error] })
        if (clientId) (refusedInBatch ??= new Set()).add(clientId)
      }
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
      if (day === currentDay) currentDaySeconds += watchedSeconds
      else {
        if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
        currentDay = day
        currentDaySeconds = watchedSeconds
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
      entry.watch_seconds += watchedSeconds
      if (occurredIso >= entry.last_watched_at) {
        entry.last_watched_at = occurredIso
        entry.last_position_seconds = positionTo
      }
    }

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
