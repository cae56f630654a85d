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
 * implements; a batch reads what it needs in a few queries (batch-reads.ts: its ids already stored, its
 * videos, the covered time around it, its videos' progress), decides every event in memory
 * (batch-decisions.ts), then writes (here): the new events in one go, day totals once per day (capped:
 * rules/day-total.ts) and progress once per video. The caller holds one
 * transaction around a batch in which no other writer touches the user's rows: on SQLite the ingest
 * thread's group commit (watch-ingest/sqlite-ingest.ts: batches arriving together share one transaction,
 * each in its own savepoint), on PostgreSQL one transaction per batch under a lock on the user
 * (watch-ingest/pool-ingest.ts), so concurrent requests count every event and second exactly once.
 */
import { localToday } from '../rules/time-zones.ts'
import { coveredSeconds, mergeSpans } from '../rules/played-spans.ts'
import type { CoveredTime } from '../rules/covered-time.ts'
import { decideBatch, type BatchDecisions } from './batch-decisions.ts'
import { readBatch } from './batch-reads.ts'
import type { CheckedWatchEvents } from './check-events.ts'
import type { IngestResult, IngestUser, VideoProgressRow, WatchIngestStore } from './store.ts'

/** Thrown when the insert finds an event stored meanwhile: the caller's transaction is undone. */
export class ConcurrentIngestError extends Error {}

/** Writes a batch's decisions: the new events first, then the covered time, the day totals and the progress. */
async function writeBatch(store: WatchIngestStore, user: IngestUser, now: number, covered: CoveredTime, decisions: BatchDecisions) {
  const { toInsert, dayTotals, listenedByDay, progress } = decisions
  // Under the caller's transaction nothing else stores this user's events, so each is new; should one
  // have been stored meanwhile all of the batch is undone.
  if (toInsert.clientIds.length > 0) {
    const inserted = await store.insertEvents(user.id, new Date(now).toISOString(), toInsert)
    if (inserted !== toInsert.clientIds.length) {
      throw new ConcurrentIngestError(`${toInsert.clientIds.length - inserted} of the batch's events were stored meanwhile`)
    }
  }
  const coverageChanges = covered.changes()
  if (coverageChanges.upsert.length > 0 || coverageChanges.removed.length > 0) await store.saveCoverage(user.id, coverageChanges)
  if (dayTotals.size > 0) {
    const today = localToday(now, user.time_zone)
    for (const [day, seconds] of dayTotals) {
      // A day's total, when first written, keeps the goal in force that day.
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
}

export function createStoreBatch(deps: { previewSeconds: number }) {
  /**
   * Stores the events of a checked batch that pass the rules left (the video, the user's access, time
   * not counted before), inside the caller's transaction. `now` is when the request came in.
   */
  async function storeBatch(store: WatchIngestStore, user: IngestUser, checked: CheckedWatchEvents, now: number): Promise<IngestResult> {
    const reads = await readBatch(store, user, checked, deps.previewSeconds)
    const decisions = decideBatch(user, checked, reads)
    await writeBatch(store, user, now, reads.covered, decisions)
    return decisions.result
  }

  return { storeBatch }
}
