/**
 * Today's watch time as the navbar shows it: the server's today_watch_seconds plus the seconds of
 * today's watch events still waiting in the outbox, so the bar moves offline. When a flush takes
 * events out of the outbox, the server's figure has not caught up yet: the bar holds its value until
 * the next server figure arrives (refreshed after every successful sync), so it neither dips nor doubles.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef, useState } from 'react'
import type { DailyProgress } from '../../../../contract/schemas/user.ts'
import { db } from '../../data/db.ts'
import type { WatchStretch } from '../../player/watch-tracker.ts'
import { refreshDailyProgress } from '../progress/daily-progress.ts'

function startOfLocalDay(now = new Date()): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()
}

/** Seconds of today's (local day) watch events not yet sent. */
export function useUnsentTodaySeconds(): number {
  return (
    useLiveQuery(async () => {
      const from = startOfLocalDay()
      let total = 0
      await db.outbox
        .where('kind')
        .equals('watch_event')
        .each((item) => {
          const event = item.payload as WatchStretch
          if (Date.parse(event.occurred_at) >= from) total += event.watched_seconds
        })
      return total
    }, []) ?? 0
  )
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
 * What the bar shows: the sum, except that with the same server answer as last time a smaller sum
 * means events just left the outbox for the server, so the last value holds until the server's
 * refreshed figure (a new answer) includes them.
 */
export function shownSeconds<S>(held: { source: S; value: number }, server: S, total: number): number {
  return held.source === server && total < held.value ? held.value : total
}

/** `server` is the last daily-progress answer; a new answer (even with the same figure) ends a hold. */
export function useTodayWatchSeconds(server: { today_watch_seconds: number }): number {
  useRefreshAfterSync()
  const unsent = useUnsentTodaySeconds()
  const total = server.today_watch_seconds + unsent
  const [held, setHeld] = useState({ source: server, value: total })
  const value = shownSeconds(held, server, total)
  if (held.source !== server || held.value !== value) setHeld({ source: server, value })
  return value
}

function localDay(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/**
 * The server's daily progress, or while it has not answered (offline after a reload) the last one
 * kept on this device: today's figure if it is from today, else the goal with nothing watched yet.
 */
export function useLastDailyProgress(server: DailyProgress | null): DailyProgress | null {
  const cached = useLiveQuery(async () => {
    const record = await db.records.get('dailyProgress')
    return record?.key === 'dailyProgress' ? record.value : null
  }, [])
  useEffect(() => {
    if (server) void db.records.put({ key: 'dailyProgress', value: { ...server, day: localDay() } }).catch(() => undefined)
  }, [server])
  if (server) return server
  if (!cached) return null
  return cached.day === localDay() ? cached : { ...cached, today_watch_seconds: 0 }
}
