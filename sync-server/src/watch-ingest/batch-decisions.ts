/**
 * A batch's decisions, in memory, from what it read (batch-reads.ts): for each event accepted,
 * duplicate or rejected with its reason; the new events to insert; the counted seconds per day (and
 * of them listened); each video's progress. Counted time is the part of an event's wall-clock interval
 * not covered before; an event all of whose interval is covered is `overlap` (a stored client_id stays
 * `duplicate`), and its played span still marks the video's progress, since the learner did see it.
 */
import { WATCH_EVENT_MAX_AGE_DAYS, WATCH_EVENT_MAX_SECONDS, type WatchEventRejection } from '../../../contract/index.ts'
import type { Span } from '../rules/played-spans.ts'
import type { BatchReads } from './batch-reads.ts'
import { CHECK_OUTCOMES, EventNumber, NUMBERS_PER_EVENT, type CheckedWatchEvents } from './check-events.ts'
import type { IngestResult, IngestUser, NewWatchEvents, VideoProgressRow, WatchableVideoRow } from './store.ts'

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

/** A video's progress as the batch builds it: the stored row's values, the spans before and those played now. */
export type ProgressEntry = VideoProgressRow & { parsedSpans: Span[]; newSpans: [number, number][]; duration: number }

export interface BatchDecisions {
  result: IngestResult
  toInsert: NewWatchEvents
  /** Counted seconds per local day. */
  dayTotals: Map<string, number>
  /** Of the counted seconds, those spent listening (audio only), per day. */
  listenedByDay: Map<string, number>
  progress: Map<number, ProgressEntry>
}

const noEvents = (): NewWatchEvents => ({
  clientIds: [],
  videoIds: [],
  positionsFrom: [],
  positionsTo: [],
  watchedSeconds: [],
  playbackRates: [],
  occurredAt: [],
  days: [],
  listened: [],
})

function progressEntry(progress: Map<number, ProgressEntry>, reads: BatchReads, user: IngestUser, video: WatchableVideoRow): ProgressEntry {
  let entry = progress.get(video.id)
  if (entry) return entry
  const existing = reads.existingProgress.get(video.id)
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
  return entry
}

function notePlayed(entry: ProgressEntry, positionFrom: number, positionTo: number, countedSeconds: number, occurredIso: string) {
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

export function decideBatch(user: IngestUser, checked: CheckedWatchEvents, reads: BatchReads): BatchDecisions {
  const { outcomes, clientIds, numbers, occurredAt, days } = checked
  const { stored, videos, mayCount, covered } = reads
  const result: IngestResult = { accepted: [], duplicate: [], rejected: [] }
  const dayTotals = new Map<string, number>()
  const progress = new Map<number, ProgressEntry>()
  const toInsert = noEvents()
  // Ids accepted or refused earlier in this batch: a repeat is a duplicate.
  const acceptedInBatch = new Set<string>()
  let refusedInBatch: Set<string> | undefined
  // Seconds of the day being summed; added to dayTotals when the day changes and at the end.
  let currentDay = ''
  let currentDaySeconds = 0
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
    notePlayed(progressEntry(progress, reads, user, video), positionFrom, positionTo, countedSeconds, occurredIso)
  }
  if (currentDay !== '') dayTotals.set(currentDay, (dayTotals.get(currentDay) ?? 0) + currentDaySeconds)
  return { result, toInsert, dayTotals, listenedByDay, progress }
}
