/**
 * Today's watch time as the navbar shows it: the server's today_watch_seconds plus the seconds of
 * today's watch events still waiting in the outbox and of the stretch still being watched
 * (data/open-stretches.ts), so the bar moves offline and while the video plays. When a flush takes
 * events out of the outbox, the server's figure has not caught up yet: the bar holds its value until
 * the next server figure arrives (refreshed after every successful sync), so it neither dips nor doubles.
 * "Today" is the device's local day: at local midnight the bar starts again from today's unsent events,
 * and a server figure counts only on the local day it was fetched for (offline past midnight, the last
 * one is yesterday's).
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { DailyProgress } from '../../../../contract/schemas/user.ts'
import { db } from '../../data/db.ts'
import { openStretches } from '../../data/open-stretches.ts'
import type { WatchStretch } from '../../player/watch-tracker.ts'
import { refreshDailyProgress, type DayProgress } from '../progress/daily-progress.ts'
import { startOfLocalDay, useLocalDay } from '../progress/local-day.ts'

/**
 * Seconds of today's (local day) watch events not yet sent, open stretches included; re-read at local
 * midnight. One query for both: a stretch that closes leaves the open ones and enters the outbox in one
 * transaction, and two queries could answer in between (counting it twice, which the bar would hold).
 */
export function useUnsentTodaySeconds(): number {
  const today = useLocalDay()
  const unsent = useLiveQuery(async () => {
    const from = startOfLocalDay(today)
    let seconds = 0
    const add = (event: WatchStretch) => {
      if (Date.parse(event.occurred_at) >= from) seconds += event.watched_seconds
    }
    await db.outbox
      .where('kind')
      .equals('watch_event')
      .each((item) => add(item.payload as WatchStretch))
    for (const open of await openStretches()) add(open.event)
    return { day: today, seconds }
  }, [today])
  // Until the new day's query answers, the last answer is yesterday's sum: none of it is today's.
  return unsent?.day === today ? unsent.seconds : 0
}

/** Refreshes the server's daily figure after each successful sync (lastSyncAt changes). */
function useRefreshAfterSync(): void {
  const lastSync = useLiveQuery(async () => (await db.records.get('lastSyncAt'))?.value ?? null, [])
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

/**
 * What the bar shows: the sum plus the seconds already sent that the server's answer does not hold yet.
 * With the same server answer as last time, a smaller sum means events just left the outbox for the
 * server: that dip is kept as `sent` and added back until a new server answer (which includes them)
 * arrives. When that refresh is lost (the network went away right after the flush), seconds watched
 * since still add on top, so the bar keeps moving offline instead of waiting for the old value.
 */
export interface GoalBarHold<S> {
  source: S
  value: number
  sent: number
}

export function nextGoalBarHold<S>(held: GoalBarHold<S>, server: S, total: number): GoalBarHold<S> {
  if (held.source !== server) return { source: server, value: total, sent: 0 }
  const sent = Math.max(held.sent, held.value - total)
  return { source: server, value: total + sent, sent }
}

/** `server` is the last daily-progress answer; a new answer (even with the same figure) ends a hold. */
export function useTodayWatchSeconds(server: { today_watch_seconds: number }): number {
  useRefreshAfterSync()
  const unsent = useUnsentTodaySeconds()
  const total = server.today_watch_seconds + unsent
  const [held, setHeld] = useState<GoalBarHold<typeof server>>({ source: server, value: total, sent: 0 })
  const next = nextGoalBarHold(held, server, total)
  if (next.source !== held.source || next.value !== held.value || next.sent !== held.sent) setHeld(next)
  return next.value
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
 * The result keeps its identity between renders, since useTodayWatchSeconds reads a new object as a
 * new server answer.
 */
export function useLastDailyProgress(server: DayProgress | null): DailyProgress | null {
  const today = useLocalDay()
  const cached = useLiveQuery(async () => {
    const record = await db.records.get('dailyProgress')
    return record?.key === 'dailyProgress' ? record.value : null
  }, [])
  useEffect(() => {
    if (server) void db.records.put({ key: 'dailyProgress', value: server }).catch(() => undefined)
  }, [server])
  const last = server ?? cached ?? null
  return useMemo(() => (last ? figureForDay(last, today) : null), [last, today])
}
