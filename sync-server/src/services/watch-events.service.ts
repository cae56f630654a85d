/**
 * Watch time from the outbox, counted exactly once.
 * - Each event is judged alone; a bad one is rejected with its reason and the rest of the batch lands.
 * - (user, client_id) is unique: a repeat answers `duplicate` and adds nothing.
 * - watched_seconds must lie in 0..60 and within the played span at that speed (+2 s of slack);
 *   occurred_at may be up to 30 days old and 5 minutes ahead of the server.
 * - Accepted time lands on the local day of occurred_at in the user's zone, and on the video's
 *   progress: its merged played spans, total time and last position.
 * One transaction per batch; day totals and progress are written once per day and video.
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
import { localDayCached } from '../time-zones.ts'
import { canWatch } from '../watching/access.ts'
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

  const ingestBatch = deps.db.transaction((user: UserRow, events: readonly unknown[]): WatchEventsResult['data'] => {
    const now = deps.clock.now()
    const nowIso = new Date(now).toISOString()
    const result: WatchEventsResult['data'] = { accepted: [], duplicate: [], rejected: [] }
    const videos = new Map<number, WatchableVideoRow | undefined>()
    const dayTotals = new Map<string, number>()
    const progress = new Map<number, VideoProgressRow & { parsedSpans: Span[]; newSpans: Span[]; duration: number }>()
    const seenInBatch = new Set<string>()

    const reject = (clientId: string | null, error: WatchEventRejection) => {
      // A stored event that fails a rule today (say it has grown too old) is still a duplicate.
      if (clientId && error !== 'invalid_event' && deps.watchEvents.exists(user.id, clientId)) {
        result.duplicate.push(clientId)
      } else {
        result.rejected.push({ client_id: clientId, error, message: MESSAGES[error] })
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
      if (seenInBatch.has(event.client_id)) {
        result.duplicate.push(event.client_id)
        continue
      }
      seenInBatch.add(event.client_id)

      if (event.watched_seconds < 0 || event.watched_seconds > WATCH_EVENT_MAX_SECONDS) {
        reject(event.client_id, 'watched_seconds_out_of_range')
        continue
      }
      const span = (event.position_to - event.position_from) / event.playback_rate
      if (event.watched_seconds > span + WATCH_EVENT_SPAN_SLACK_SECONDS) {
        reject(event.client_id, 'exceeds_played_span')
        continue
      }
      const occurredAt = Date.parse(event.occurred_at)
      if (occurredAt < now - maxAgeMs) {
        reject(event.client_id, 'too_old')
        continue
      }
      if (occurredAt > now + maxFutureMs) {
        reject(event.client_id, 'in_the_future')
        continue
      }
      if (!videos.has(event.video_id)) videos.set(event.video_id, deps.catalogue.findForWatching(event.video_id))
      const video = videos.get(event.video_id)
      if (!video) {
        reject(event.client_id, 'unknown_video')
        continue
      }
      const access = canWatch(video, user)
      if (access === 'none' || (access === 'preview' && event.position_to > deps.previewSeconds + WATCH_EVENT_SPAN_SLACK_SECONDS)) {
        reject(event.client_id, 'not_watchable')
        continue
      }

      const day = localDayCached(occurredAt, user.time_zone)
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
      dayTotals.set(day, (dayTotals.get(day) ?? 0) + event.watched_seconds)

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
      entry.newSpans.push([event.position_from, event.position_to])
      entry.watch_seconds += event.watched_seconds
      if (occurredIso >= entry.last_watched_at) {
        entry.last_watched_at = occurredIso
        entry.last_position_seconds = event.position_to
      }
    }

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
  })

  return {
    ingest: (user: UserRow, events: readonly unknown[]) => ingestBatch.immediate(user, events),
  }
}
