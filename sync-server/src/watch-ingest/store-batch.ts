/**
 * Watch time from the outbox, counted exactly once.
 * - Each event is judged alone; a bad one is rejected with its reason and the rest of the batch lands.
 * - (user, client_id) is unique: a repeat answers `duplicate` and adds nothing.
 * - The rules that need no database (shape, watched_seconds in 0..60 and within the played span at
 *   that speed, +2 s of slack; occurred_at up to 30 days old and 5 minutes ahead) are checked first,
 *   by checkWatchEvents; this service adds the video's existence and the user's access to it.
 * - Counted time is the union of the wall-clock intervals the user's events cover
 *   ([occurred_at - watched_seconds, occurred_at], rules/covered-time.ts): an event counts only
 *   the part of its interval not covered before. One whose interval is all covered already is
 *   `overlap` (a stored client_id stays `duplicate`); its played span still marks the video's
 *   progress, since the learner did see it, but it is not stored and adds no time.
 * - Accepted time lands on the local day of occurred_at in the user's zone (never beyond 24 h a
 *   day: the union allows 24 h plus the minute an event may reach back past midnight, and a
 *   daylight-saving day is 25 h long), and on the video's progress: its merged played spans, total
 *   time and last position. A day's total, when first written, keeps the goal in force that day:
 *   today's is the current goal, an earlier day's (late outbox events) the one its goal history gives.
 * The rules are written once, over the ingest store (watch-ingest/store.ts), which each engine
 * implements; a batch reads what it needs in a few queries (its ids already stored, its videos, the
 * covered time around it, its videos' progress), decides every event in memory, then writes: the new
 * events in one go, day totals once per day and progress once per video. The caller holds one
 * transaction around a batch in which no other writer touches the user's rows: on SQLite the ingest
 * thread's group commit (watch-ingest/sqlite-ingest.ts: batches arriving together share one transaction,
 * each in its own savepoint), on PostgreSQL one transaction per batch under a lock on the user
 * (watch-ingest/pool-ingest.ts), so concurrent requests count every event and second exactly once.
 */
import { WATCH_EVENT_MAX_AGE_DAYS, WATCH_EVENT_MAX_SECONDS, WATCH_EVENT_SPAN_SLACK_SECONDS, type WatchEventRejection } from '../../../contract/index.ts'
import { localToday } from '../rules/time-zones.ts'
import { canWatch, type CanWatch } from '../rules/access.ts'
import { CHECK_OUTCOMES, EventNumber, NUMBERS_PER_EVENT, type CheckedWatchEvents } from './check-events.ts'
import { CoveredTime } from '../rules/covered-time.ts'
import type { IngestResult, IngestUser as UserRow, NewWatchEvents, VideoProgressRow, WatchableVideoRow, WatchIngestStore } from './store.ts'
import { coveredSeconds, mergeSpans, type Span } from '../rules/played-spans.ts'

const PASSES = CHECK_OUTCOMES.indexOf('passes')
const INVALID = CHECK_OUTCOMES.indexOf('invalid_event')
const NOTHING_STORED: ReadonlySet<string> = new Set()

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

type Result = IngestResult

/** Thrown when the insert finds an event stored meanwhile: the caller's transaction is undone. */
export class ConcurrentIngestError extends Error {}


export function createWatchEventsService(deps: { previewSeconds: number }) {
  /**
   * Stores the events of a checked batch that pass the rules left (the video, the user's access, time
   * not counted before), inside the caller's transaction. `now` is when the request came in.
   */
  async function storeBatch(store: WatchIngestStore, user: UserRow, checked: CheckedWatchEvents, now: number): Promise<Result> {
    const nowIso = new Date(now).toISOString()
    const result: Result = { accepted: [], duplicate: [], rejected: [] }
    const { outcomes, clientIds, numbers, occurredAt, days } = checked

    // Reads, once a batch: which of its ids are stored, then its videos.
    const candidateIds: string[] = []
    const videoIds = new Set<number>()
    // The covered time any event that passed the checks could touch: what a store reading ahead asks.
    let widestFromMs = Infinity
    let widestToMs = -Infinity
    for (let i = 0; i < checked.count; i++) {
      if (outcomes[i] === INVALID) continue
      candidateIds.push(clientIds[i]!)
      if (outcomes[i] !== PASSES) continue
      const at = i * NUMBERS_PER_EVENT
      videoIds.add(numbers[at + EventNumber.VideoId])
      const endMs = Math.round(numbers[at + EventNumber.OccurredAtMs])
      widestFromMs = Math.min(widestFromMs, endMs - Math.round(numbers[at + EventNumber.WatchedSeconds] * 1000))
      widestToMs = Math.max(widestToMs, endMs)
    }
    if (store.readAhead && candidateIds.length > 0) {
      const anyCounted = videoIds.size > 0
      await store.readAhead(user.id, { clientIds: candidateIds, videoIds: [...videoIds], fromMs: anyCounted ? widestFromMs : null, toMs: anyCounted ? widestToMs : null })
    }
    const stored = candidateIds.length > 0 ? await store.storedClientIds(user.id, candidateIds) : NOTHING_STORED
    // Per video of the batch: the row (or null when unknown) and what this user may watch of it.
    const videos = new Map<number, { video: WatchableVideoRow; access: CanWatch } | null>()
    if (videoIds.size > 0) {
      const found = new Map((await store.videosForWatching([...videoIds])).map((video) => [video.id, video]))
      for (const id of videoIds) {
        const video = found.get(id)
        videos.set(id, video ? { video, access: canWatch(video, user) } : null)
      }
    }
    const mayCount = (i: number) => {
      const at = i * NUMBERS_PER_EVENT
      const watchable = videos.get(numbers[at + EventNumber.VideoId])
      if (!watchable || watchable.access === 'none') return false
      return watchable.access === 'full' || numbers[at + EventNumber.PositionTo] <= deps.previewSeconds + WATCH_EVENT_SPAN_SLACK_SECONDS
    }
    // Then the user's covered time around the events that may count, and their videos' progress.
    let fromMs = Infinity
    let toMs = -Infinity
    const countedVideos = new Set<number>()
    for (let i = 0; i < checked.count; i++) {
      if (outcomes[i] !== PASSES || !mayCount(i)) continue
      const at = i * NUMBERS_PER_EVENT
      const endMs = Math.round(numbers[at + EventNumber.OccurredAtMs])
      fromMs = Math.min(fromMs, endMs - Math.round(numbers[at + EventNumber.WatchedSeconds] * 1000))
      toMs = Math.max(toMs, endMs)
      countedVideos.add(numbers[at + EventNumber.VideoId])
    }
    const covered = new CoveredTime(countedVideos.size > 0 ? await store.coverageAround(user.id, fromMs, toMs) : [])
    const existingProgress = new Map(
      (countedVideos.size > 0 ? await store.progressOf(user.id, [...countedVideos]) : []).map((row) => [row.video_id, row]),
    )

    const dayTotals = new Map<string, number>()
    const progress = new Map<number, VideoProgressRow & { parsedSpans: Span[]; newSpans: [number, number][]; duration: number }>()
    const toInsert: NewWatchEvents = {
      clientIds: [],
      videoIds: [],
      positionsFrom: [],
      positionsTo: [],
      watchedSeconds: [],
      playbackRates: [],
      occurredAt: [],
      days: [],
      listened: [],
    }
    // Ids accepted or refused earlier in this batch: a repeat is a duplicate.
    const acceptedInBatch = new Set<string>()
    let refusedInBatch: Set<string> | undefined
    // Seconds of the day being summed; added to dayTotals when the day changes and at the end.
    let currentDay = ''
    let currentDaySeconds = 0
    // Of the counted seconds, those spent listening (audio only), per day.
    const listenedByDay = new Map<string, number>()

    /** Answers an event refused by a rule; true when it is a duplicate instead. */
    const reject = (clientId: string, error: WatchEventRejection): boolean => {
      // A stored event that fails a rule today (say it has grown too old) is still a duplicate.
      if (refusedInBatch?.has(clientId) || stored.has(clientId) || acceptedInBatch.has(clientId)) {
        result.duplicate.push(clientId)
        return true
      }
      result.rejected.push({ client_id: clientId, error, message: MESSAGES[error] })
      ;(refusedInBatch ??= new Set()).add(clientId)
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
      const watchable = videos.get(videoId)!
      if (watchable === null) {
        reject(clientId, 'unknown_video')
        continue
      }
      if (!mayCount(i)) {
        reject(clientId, 'not_watchable')
        continue
      }
      const { video } = watchable

      const day = days[i]
      const occurredIso = occurredAt[i]
      const endMs = Math.round(numbers[at + EventNumber.OccurredAtMs])
      const lengthMs = Math.round(watchedSeconds * 1000)
      const freshMs = covered.uncovered(endMs - lengthMs, endMs)
      let countedSeconds = 0
      if (lengthMs > 0 && freshMs <= 0) {
        // All of it was counted before: a replay (duplicate, when its client_id is stored) or a parallel tab.
        if (reject(clientId, 'overlap')) continue
      } else {
        if (stored.has(clientId) || acceptedInBatch.has(clientId)) {
          result.duplicate.push(clientId)
          continue
        }
        acceptedInBatch.add(clientId)
        toInsert.clientIds.push(clientId)
        toInsert.videoIds.push(video.id)
        toInsert.positionsFrom.push(positionFrom)
        toInsert.positionsTo.push(positionTo)
        toInsert.watchedSeconds.push(watchedSeconds)
        toInsert.playbackRates.push(numbers[at + EventNumber.PlaybackRate])
        toInsert.occurredAt.push(occurredIso)
        toInsert.days.push(day)
        const listened = numbers[at + EventNumber.Listened]
        toInsert.listened.push(listened)
        result.accepted.push(clientId)
        if (lengthMs > 0) covered.add(endMs - lengthMs, endMs)
        // Whole seconds as sent when all of it is new (no rounding through milliseconds).
        countedSeconds = freshMs === lengthMs ? watchedSeconds : freshMs / 1000
        if (listened === 1 && countedSeconds > 0) listenedByDay.set(day, (listenedByDay.get(day) ?? 0) + countedSeconds)
        if (day === currentDay) currentDaySeconds += countedSeconds
        else {
          if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
          currentDay = day
          currentDaySeconds = countedSeconds
        }
      }

      let entry = progress.get(video.id)
      if (!entry) {
        const existing = existingProgress.get(video.id)
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

    // Writes: the new events first. Under the caller's transaction nothing else stores this user's
    // events, so each is new; should one have been stored meanwhile all of the batch is undone.
    if (toInsert.clientIds.length > 0) {
      const inserted = await store.insertEvents(user.id, nowIso, toInsert)
      if (inserted !== toInsert.clientIds.length) {
        throw new ConcurrentIngestError(`${toInsert.clientIds.length - inserted} of the batch's events were stored meanwhile`)
      }
    }
    const coverageChanges = covered.changes()
    if (coverageChanges.upsert.length > 0 || coverageChanges.removed.length > 0) await store.saveCoverage(user.id, coverageChanges)
    if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
    if (dayTotals.size > 0) {
      const today = localToday(now, user.time_zone)
      for (const [day, seconds] of dayTotals) {
        const goal = day >= today ? user.daily_goal_minutes : await store.goalInForceOn(user.id, day)
        await store.addDaySeconds(user.id, day, seconds, goal, listenedByDay.get(day) ?? 0)
      }
    }
    if (progress.size > 0) {
      const rows: VideoProgressRow[] = []
      for (const { parsedSpans, newSpans, duration, ...row } of progress.values()) {
        const spans = mergeSpans([...parsedSpans, ...newSpans])
        rows.push({
          ...row,
          spans: JSON.stringify(spans.map(([from, to]) => [Math.round(from * 10) / 10, Math.round(to * 10) / 10])),
          covered_seconds: coveredSeconds(spans, duration > 0 ? duration : undefined),
        })
      }
      await store.saveProgress(rows)
    }
    await store.flush?.()
    return result
  }

  return { storeBatch }
}
