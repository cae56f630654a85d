/**
 * Today's watch time as the navbar shows it: the server's today_watch_seconds, plus the seconds sent
 * since that figure's request left (data/progress/sent-watch.ts: the server has them, the figure does not yet),
 * plus the seconds of today's watch events still waiting in the outbox and of the stretch still being
 * watched (data/progress/open-stretches.ts), so the bar moves offline and while the video plays. A flush moves
 * seconds from the outbox to the sent record in one transaction, and the next server figure (refreshed
 * after every successful sync) carries a request time after them, so the bar neither dips nor doubles;
 * both records live in IndexedDB, so an offline reload keeps them too.
 * A send the page was left in the middle of (the server has its events, their removal from the outbox
 * did not commit) would count twice, in the next figure and in the outbox, until the resend is
 * answered as a duplicate (issue 45). So an event or a send counts only if its first send began after
 * the figure's answer came (sent-watch.ts keeps when it began): one that began before may be in the
 * figure. A figure answered later holds what it left out.
 * "Today" is the device's local day: at local midnight the bar starts again from today's events, and a
 * server figure counts only on the local day it was fetched for (offline past midnight, the last one is
 * yesterday's).
 */
import { useLiveData } from '../use-live-data.ts'
import { useEffect, useMemo, useRef } from 'react'
import { db } from '../db.ts'
import { openStretches } from './open-stretches.ts'
import { firstStarts, saveDailyFigure, SENT_WATCH_KEY, WATCH_SEND_STARTS_KEY, type SentWatch } from './sent-watch.ts'
import type { WatchStretch } from './watch-stretch.ts'
import { refreshDailyProgress, type DayProgress } from './daily-progress.ts'
import { startOfLocalDay, useLocalDay } from './local-day.ts'

/** A server figure as the bar reads it: `day`, `requestedAt` and `answeredAt` are unknown before any answer. */
export interface GoalFigure {
  today_watch_seconds: number
  day?: string
  requestedAt?: number
  answeredAt?: number
}

/** Seconds of today's outbox events whose first send began at `startedAt`. */
interface StartedSeconds {
  startedAt: number
  seconds: number
}

/**
 * The bar's seconds on `today`: the figure if it is that day's, the sends of that day that began after
 * the figure's answer came and were answered after its request left, the unsent seconds (already only
 * that day's) never sent, and those in `started` whose first send began after the figure's answer. A
 * figure kept before answer times were stored counts from its request.
 */
export function goalBarSeconds(figure: GoalFigure, sends: SentWatch[], unsent: number, today: string, started: StartedSeconds[] = []): number {
  const server = figure.day === undefined || figure.day === today ? figure.today_watch_seconds : 0
  const requestedAt = figure.requestedAt ?? 0
  const answeredAt = figure.answeredAt ?? requestedAt
  const sent = sends.reduce((sum, send) => (send.day === today && send.at > requestedAt && (send.startedAt ?? send.at) > answeredAt ? sum + send.seconds : sum), 0)
  const sending = started.reduce((sum, item) => (item.startedAt > answeredAt ? sum + item.seconds : sum), 0)
  return server + sent + unsent + sending
}

/**
 * Today's (local day) seconds not yet sent, open stretches included, and the sends kept since the last
 * figures; re-read at local midnight. One query for all three: a stretch that closes leaves the open
 * ones and enters the outbox in one transaction, as events leave the outbox and enter the sends, and
 * separate queries could answer in between (counting seconds twice or not at all).
 */
export function useTodayLocalSeconds(): { day: string; unsent: number; sends: SentWatch[]; started: StartedSeconds[] } {
  const today = useLocalDay()
  const local = useLiveData(async () => {
    const from = startOfLocalDay(today)
    const startsRecord = await db.records.get(WATCH_SEND_STARTS_KEY)
    const starts = firstStarts(startsRecord?.key === WATCH_SEND_STARTS_KEY ? startsRecord.value : [])
    let unsent = 0
    const byStart = new Map<number, number>()
    const add = (event: WatchStretch, id?: string) => {
      if (Date.parse(event.occurred_at) < from) return
      const startedAt = id === undefined ? undefined : starts.get(id)
      if (startedAt === undefined) unsent += event.watched_seconds
      else byStart.set(startedAt, (byStart.get(startedAt) ?? 0) + event.watched_seconds)
    }
    // One getAll, not a cursor (`each`): this re-runs after every batch a flush takes out, and a
    // cursor's step per item held the outbox for ~300 ms at 10,000 items, so each batch's removal
    // waited on it (outbox flush bench: 5.0 s for 10,000 events).
    for (const item of await db.outbox.where('kind').equals('watch_event').toArray()) add(item.payload as WatchStretch, item.id)
    for (const open of await openStretches()) add(open.event)
    const kept = await db.records.get(SENT_WATCH_KEY)
    const started = [...byStart].map(([startedAt, seconds]) => ({ startedAt, seconds }))
    return { day: today, unsent, sends: kept?.key === SENT_WATCH_KEY ? kept.value : [], started }
  }, [today])
  // Until the new day's query answers, the last answer is yesterday's: none of its unsent seconds are today's.
  return local?.day === today ? local : { day: today, unsent: 0, sends: local?.sends ?? [], started: [] }
}

/** Refreshes the server's daily figure after each successful sync (lastSyncAt changes). */
function useRefreshAfterSync(): void {
  const lastSync = useLiveData(async () => (await db.records.get('lastSyncAt'))?.value ?? null, [])
  const first = useRef(true)
  useEffect(() => {
    if (lastSync === undefined) return
    if (first.current) {
      first.current = false
      return
    }
    void refreshDailyProgress()
  }, [lastSync])
}

/** `server` is the last daily-progress answer for today (useLastDailyProgress), or none yet. */
export function useTodayWatchSeconds(server: GoalFigure): number {
  useRefreshAfterSync()
  const { day, unsent, sends, started } = useTodayLocalSeconds()
  return goalBarSeconds(server, sends, unsent, day, started)
}

/**
 * The figure the server last gave for `today`: `last` if it was fetched on that local day, else its
 * goal with nothing watched yet (an earlier day's seconds are not today's).
 */
export function figureForDay(last: DayProgress, today: string): DayProgress {
  return last.day === today ? last : { ...last, today_watch_seconds: 0, day: today }
}

/**
 * The server's daily progress, or while it has not answered (offline after a reload) the last one
 * kept on this device, through figureForDay: at local midnight it drops to zero until a new answer.
 * A new answer is kept on the device (and prunes the sends it holds), so an offline reload finds it.
 */
export function useLastDailyProgress(server: DayProgress | null): DayProgress | null {
  const today = useLocalDay()
  const cached = useLiveData(async () => {
    const record = await db.records.get('dailyProgress')
    // A figure kept before request times were stored holds no send recorded since: 0 counts them all.
    return record?.key === 'dailyProgress' ? { ...record.value, requestedAt: record.value.requestedAt ?? 0 } : null
  }, [])
  useEffect(() => {
    if (server) void saveDailyFigure(server).catch(() => undefined)
  }, [server])
  const last = server ?? cached ?? null
  return useMemo(() => (last ? figureForDay(last, today) : null), [last, today])
}
