/**
 * What a batch reads before it decides (store-batch.ts), in a few queries: which of its ids are stored,
 * its videos and what the user may watch of each, then the user's covered time around the events that
 * may count and those videos' progress. A store that reads ahead (PostgreSQL) is asked everything first.
 */
import { WATCH_EVENT_SPAN_SLACK_SECONDS } from '../../../contract/index.ts'
import { canWatch, type CanWatch } from '../rules/access.ts'
import { CoveredTime } from '../rules/covered-time.ts'
import { CHECK_OUTCOMES, EventNumber, NUMBERS_PER_EVENT, type CheckedWatchEvents } from './check-events.ts'
import type { IngestUser, VideoProgressRow, WatchableVideoRow, WatchIngestStore } from './store.ts'

const PASSES = CHECK_OUTCOMES.indexOf('passes')
const INVALID = CHECK_OUTCOMES.indexOf('invalid_event')
const NOTHING_STORED: ReadonlySet<string> = new Set()

export interface BatchReads {
  /** The batch's client_ids the user has stored already. */
  stored: ReadonlySet<string>
  /** Per video of the batch: the row (or null when unknown) and what this user may watch of it. */
  videos: Map<number, { video: WatchableVideoRow; access: CanWatch } | null>
  /** Whether event i may count: its video is watchable, in full or (a preview) within the preview. */
  mayCount: (i: number) => boolean
  /** The user's covered time around the events that may count. */
  covered: CoveredTime
  existingProgress: Map<number, VideoProgressRow>
}

/** The stretch of wall-clock time an event covers, [occurred_at − watched_seconds, occurred_at], in ms. */
function intervalOf(numbers: CheckedWatchEvents['numbers'], i: number): [number, number] {
  const at = i * NUMBERS_PER_EVENT
  const endMs = Math.round(numbers[at + EventNumber.OccurredAtMs])
  return [endMs - Math.round(numbers[at + EventNumber.WatchedSeconds] * 1000), endMs]
}

export async function readBatch(store: WatchIngestStore, user: IngestUser, checked: CheckedWatchEvents, previewSeconds: number): Promise<BatchReads> {
  const { outcomes, clientIds, numbers } = checked
  const candidateIds: string[] = []
  const videoIds = new Set<number>()
  // The covered time any event that passed the checks could touch: what a store reading ahead asks.
  let widestFromMs = Infinity
  let widestToMs = -Infinity
  for (let i = 0; i < checked.count; i++) {
    if (outcomes[i] === INVALID) continue
    candidateIds.push(clientIds[i]!)
    if (outcomes[i] !== PASSES) continue
    videoIds.add(numbers[i * NUMBERS_PER_EVENT + EventNumber.VideoId])
    const [fromMs, toMs] = intervalOf(numbers, i)
    widestFromMs = Math.min(widestFromMs, fromMs)
    widestToMs = Math.max(widestToMs, toMs)
  }
  if (store.readAhead && candidateIds.length > 0) {
    const anyCounted = videoIds.size > 0
    await store.readAhead(user.id, { clientIds: candidateIds, videoIds: [...videoIds], fromMs: anyCounted ? widestFromMs : null, toMs: anyCounted ? widestToMs : null })
  }
  const stored = candidateIds.length > 0 ? await store.storedClientIds(user.id, candidateIds) : NOTHING_STORED
  const videos: BatchReads['videos'] = new Map()
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
    return watchable.access === 'full' || numbers[at + EventNumber.PositionTo] <= previewSeconds + WATCH_EVENT_SPAN_SLACK_SECONDS
  }
  let fromMs = Infinity
  let toMs = -Infinity
  const countedVideos = new Set<number>()
  for (let i = 0; i < checked.count; i++) {
    if (outcomes[i] !== PASSES || !mayCount(i)) continue
    const [eventFromMs, eventToMs] = intervalOf(numbers, i)
    fromMs = Math.min(fromMs, eventFromMs)
    toMs = Math.max(toMs, eventToMs)
    countedVideos.add(numbers[i * NUMBERS_PER_EVENT + EventNumber.VideoId])
  }
  const covered = new CoveredTime(countedVideos.size > 0 ? await store.coverageAround(user.id, fromMs, toMs) : [])
  const existingProgress = new Map((countedVideos.size > 0 ? await store.progressOf(user.id, [...countedVideos]) : []).map((row) => [row.video_id, row]))
  return { stored, videos, mayCount, covered, existingProgress }
}
