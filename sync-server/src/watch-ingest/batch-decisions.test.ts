/**
 * A batch's decisions in memory (no database: what the batch read is given): duplicates within the
 * batch, time counted before, videos unknown or past a preview, seconds per local day, progress.
 */
import { describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { canWatch } from '../rules/access.ts'
import { CoveredTime, type Interval } from '../rules/covered-time.ts'
import { decideBatch } from './batch-decisions.ts'
import type { BatchReads } from './batch-reads.ts'
import { checkWatchEvents } from './check-events.ts'
import type { IngestUser, WatchableVideoRow } from './store.ts'

const now = Date.UTC(2026, 2, 10, 12, 0, 0)
const user = { id: 7, is_premium: 0, is_admin: 0, time_zone: 'Asia/Ho_Chi_Minh', daily_goal_minutes: 15 } as IngestUser
const free: WatchableVideoRow = { id: 1, language_code: 'vi', access_level: 'free', duration_seconds: 600, published_at: '2026-01-01T00:00:00.000Z' }
const preview: WatchableVideoRow = { id: 2, language_code: 'vi', access_level: 'preview', duration_seconds: 600, published_at: '2026-01-01T00:00:00.000Z' }
const PREVIEW_SECONDS = 180

const event = (videoId: number, from: number, seconds: number, endMs: number, clientId = uuidv7()) => ({
  client_id: clientId,
  video_id: videoId,
  position_from: from,
  position_to: from + seconds,
  watched_seconds: seconds,
  playback_rate: 1,
  occurred_at: new Date(endMs).toISOString(),
})

function decide(events: unknown[], covered: Interval[] = [], stored: string[] = []) {
  const checked = checkWatchEvents(events, { now, timeZone: user.time_zone })
  const videos: BatchReads['videos'] = new Map([
    [free.id, { video: free, access: canWatch(free, user) }],
    [preview.id, { video: preview, access: canWatch(preview, user) }],
    [99, null],
  ])
  const reads: BatchReads = {
    stored: new Set(stored),
    videos,
    mayCount: (i) => {
      const event = events[i] as { video_id?: number } | undefined
      const watchable = videos.get(event?.video_id ?? -1)
      if (!watchable || watchable.access === 'none') return false
      return watchable.access === 'full' || (events[i] as { position_to: number }).position_to <= PREVIEW_SECONDS + 2
    },
    covered: new CoveredTime(covered),
    existingProgress: new Map(),
  }
  return decideBatch(user, checked, reads)
}

describe('a batch’s decisions', () => {
  it('counts each client_id once: a repeat in the batch, or one stored before, is a duplicate', () => {
    const first = event(1, 0, 10, now - 60_000)
    const old = event(1, 10, 10, now - 50_000)
    const { result, toInsert, dayTotals } = decide([first, { ...first }, old], [], [old.client_id])
    expect(result.accepted).toEqual([first.client_id])
    expect(result.duplicate).toEqual([first.client_id, old.client_id])
    expect(toInsert.clientIds).toEqual([first.client_id])
    expect([...dayTotals]).toEqual([['2026-03-10', 10]])
  })

  it('refuses time counted before as overlap, counts only the uncovered part of a partly covered event, and marks progress for both', () => {
    const covered = event(1, 0, 10, now - 60_000)
    const half = event(1, 10, 10, now - 45_000)
    const { result, dayTotals, progress } = decide([covered, half], [[now - 70_000, now - 50_000]])
    expect(result.rejected.map((r) => [r.client_id, r.error])).toEqual([[covered.client_id, 'overlap']])
    expect(result.accepted).toEqual([half.client_id])
    expect(dayTotals.get('2026-03-10')).toBe(5)
    expect(progress.get(1)).toMatchObject({ newSpans: [[0, 20]], watch_seconds: 5, last_position_seconds: 20 })
  })

  it('refuses an unknown video and a preview past its preview, and counts a preview within it', () => {
    const unknown = event(99, 0, 10, now - 60_000)
    const within = event(2, 100, 10, now - 40_000)
    const past = event(2, 300, 10, now - 20_000)
    const { result } = decide([unknown, within, past])
    expect(result.rejected.map((r) => [r.client_id, r.error])).toEqual([
      [unknown.client_id, 'unknown_video'],
      [past.client_id, 'not_watchable'],
    ])
    expect(result.accepted).toEqual([within.client_id])
  })

  it('sums the counted seconds per local day of the learner’s zone', () => {
    // 16:59:50 and 17:00:10 UTC on 9 March are either side of midnight in Hồ Chí Minh City (UTC+7).
    const before = event(1, 0, 10, Date.UTC(2026, 2, 9, 16, 59, 50))
    const after = event(1, 10, 10, Date.UTC(2026, 2, 9, 17, 0, 10))
    const { dayTotals } = decide([before, after])
    expect([...dayTotals]).toEqual([
      ['2026-03-09', 10],
      ['2026-03-10', 10],
    ])
  })
})
