/**
 * Watch time from the outbox, counted exactly once.
 * - Each event is judged alone; a bad one is rejected with its reason and the rest of the batch lands.
 * - (user, client_id) is unique: a repeat answers `duplicate` and adds nothing.
 * - watched_seconds must lie in 0..60 and within the played span at that speed (+2 s of slack);
 *   occurred_at may be up to 30 days old and 5 minutes ahead of the server.
 * - Accepted time lands on the local day of occurred_at in the user's zone, and on the video's
 *   progress: its merged played spans, total time and last position.
 * Day totals and progress are written once per day and video of a batch; batches that arrive together
 * share one transaction (group commit, below).
 */
import {
  WATCH_EVENT_MAX_AGE_DAYS,
  WATCH_EVENT_MAX_FUTURE_MINUTES,
  WATCH_EVENT_MAX_SECONDS,
  WATCH_EVENT_SPAN_SLACK_SECONDS,
  parseWatchEvent,
  type WatchEventRejection,
  type WatchEventsResult,
} from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/connection.ts'
import type { CatalogueRepository, WatchableVideoRow } from '../repositories/catalogue.repository.ts'
import type { DailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository, VideoProgressRow } from '../repositories/video-progress.repository.ts'
import type { WatchEventsRepository } from '../repositories/watch-events.repository.ts'
import { localDay } from '../time-zones.ts'
import { canWatch, type CanWatch } from '../watching/access.ts'
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

const QUARTER_HOUR_MS = 15 * 60_000

export type WatchEventsService = ReturnType<typeof createWatchEventsService>

export function createWatchEventsService(deps: {
  db: Db
  clock: Clock
  watchEvents: WatchEventsRepository
  videoProgress: VideoProgressRepository
  dailyTotals: DailyTotalsRepository
  catalogue: CatalogueRepository
  previewSeconds: number
}) {
  const maxAgeMs = WATCH_EVENT_MAX_AGE_DAYS * 86_400_000
  const maxFutureMs = WATCH_EVENT_MAX_FUTURE_MINUTES * 60_000

  function ingestBatch(user: UserRow, events: readonly unknown[]): WatchEventsResult['data'] {
    const now = deps.clock.now()
    const nowIso = new Date(now).toISOString()
    const result: WatchEventsResult['data'] = { accepted: [], duplicate: [], rejected: [] }
    // Per video of the batch: the row (or undefined when unknown) and what this user may watch of it.
    const videos = new Map<number, { video: WatchableVideoRow; access: CanWatch } | null>()
    const dayTotals = new Map<string, number>()
    const progress = new Map<number, VideoProgressRow & { parsedSpans: Span[]; newSpans: [number, number][]; duration: number }>()
    // Ids refused earlier in this batch: a repeat is a duplicate. (Stored repeats are caught by the insert.)
    let refusedInBatch: Set<string> | undefined
    // Zone offsets are whole quarter hours, so local midnight falls on a quarter hour of UTC and one
    // quarter hour has one local day. Outbox events come every 10 s of play: most share the last one's.
    let lastQuarter = Number.NaN
    let lastDay = ''
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

    for (const raw of events) {
      const parsed = parseWatchEvent(raw)
      if (!parsed.ok) {
        const given = (raw as { client_id?: unknown } | null)?.client_id
        result.rejected.push({ client_id: typeof given === 'string' ? given.slice(0, 64) : null, error: 'invalid_event', message: parsed.message })
        continue
      }
      const event = parsed.event
      if (event.watched_seconds < 0 || event.watched_seconds > WATCH_EVENT_MAX_SECONDS) {
        reject(event.client_id, 'watched_seconds_out_of_range')
        continue
      }
      const span = (event.position_to - event.position_from) / event.playback_rate
      if (event.watched_seconds > span + WATCH_EVENT_SPAN_SLACK_SECONDS) {
        reject(event.client_id, 'exceeds_played_span')
        continue
      }
      const occurredAt = parsed.occurredAtMs
      if (occurredAt < now - maxAgeMs) {
        reject(event.client_id, 'too_old')
        continue
      }
      if (occurredAt > now + maxFutureMs) {
        reject(event.client_id, 'in_the_future')
        continue
      }
      let watchable = videos.get(event.video_id)
      if (watchable === undefined) {
        const found = deps.catalogue.findForWatching(event.video_id)
        watchable = found ? { video: found, access: canWatch(found, user) } : null
        videos.set(event.video_id, watchable)
      }
      if (watchable === null) {
        reject(event.client_id, 'unknown_video')
        continue
      }
      const { video, access } = watchable
      if (access === 'none' || (access === 'preview' && event.position_to > deps.previewSeconds + WATCH_EVENT_SPAN_SLACK_SECONDS)) {
        reject(event.client_id, 'not_watchable')
        continue
      }

      const quarter = Math.floor(occurredAt / QUARTER_HOUR_MS)
      if (quarter !== lastQuarter) {
        lastQuarter = quarter
        lastDay = localDay(occurredAt, user.time_zone)
      }
      const day = lastDay
      // Stored in UTC; most clients already send that exact form, which is kept as it is.
      const occurredIso = event.occurred_at.length === 24 && event.occurred_at.endsWith('Z') ? event.occurred_at : new Date(occurredAt).toISOString()
      const stored = deps.watchEvents.insertOnce(
        user.id,
        event.client_id,
        video.id,
        event.position_from,
        event.position_to,
        event.watched_seconds,
        event.playback_rate,
        occurredIso,
        day,
        nowIso,
      )
      if (!stored) {
        result.duplicate.push(event.client_id)
        continue
      }
      result.accepted.push(event.client_id)
      if (day === currentDay) currentDaySeconds += event.watched_seconds
      else {
        if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
        currentDay = day
        currentDaySeconds = event.watched_seconds
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
      if (lastSpan && event.position_from >= lastSpan[0] && event.position_from <= lastSpan[1]) {
        if (event.position_to > lastSpan[1]) lastSpan[1] = event.position_to
      } else {
        entry.newSpans.push([event.position_from, event.position_to])
      }
      entry.watch_seconds += event.watched_seconds
      if (occurredIso >= entry.last_watched_at) {
        entry.last_watched_at = occurredIso
        entry.last_position_seconds = event.position_to
      }
    }

    if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
    for (const [day, seconds] of dayTotals) deps.dailyTotals.addSeconds(user.id, day, seconds, user.daily_goal_minutes)
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
  const ingestInSavepoint = deps.db.transaction(ingestBatch)
  const commitGroup = deps.db.transaction((group: PendingBatch[]) => {
    for (const pending of group) {
      try {
        pending.result = ingestInSavepoint(pending.user, pending.events)
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

  return {
    /** Stores a batch (with the others that arrive in the same turn) and answers once it is committed. */
    ingest: (user: UserRow, events: readonly unknown[]) =>
      new Promise<WatchEventsResult['data']>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(commitWaiting)
        waiting.push({ user, events, resolve, reject })
      }),
  }
}

interface PendingBatch {
  user: UserRow
  events: readonly unknown[]
  resolve: (result: WatchEventsResult['data']) => void
  reject: (error: unknown) => void
  result?: WatchEventsResult['data']
  error?: unknown
}
