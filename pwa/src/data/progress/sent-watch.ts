/**
 * Watch seconds that reached the server, kept on the device until a server daily figure newer than
 * them arrives. Between the moment the sync engine's watch-events send is answered (the events leave
 * the outbox) and the next daily-progress answer, those seconds are in neither the outbox nor the
 * server's figure; if the network goes away in between (or the page reloads offline), only this record
 * still knows them. The goal bar adds the sends newer than its figure's request (data/progress/
 * today-seconds.ts). Written in the transaction that takes the items out of the outbox, so a live
 * query reading both never sees the seconds in neither or in both.
 */
import type { DayProgress } from './daily-progress.ts'
import { localDay } from './local-day.ts'
import type { WatchStretch } from './watch-stretch.ts'
import { db, type OutboxItem, type SentWatch } from '../db.ts'

export type { SentWatch }

export const SENT_WATCH_KEY = 'sentWatch'

/**
 * The sends kept after `items` were answered at `at`: the earlier ones still newer than the last
 * figure's request (`figureRequestedAt`, 0 if none is known), plus this send, per local day of its
 * events; days before today are dropped, as the bar never counts them.
 */
export function withSend(kept: SentWatch[], items: OutboxItem[], at: number, figureRequestedAt: number): SentWatch[] {
  const today = localDay(new Date(at))
  const byDay = new Map<string, number>()
  for (const item of items) {
    if (item.kind !== 'watch_event') continue
    const event = item.payload as WatchStretch
    const day = localDay(new Date(event.occurred_at))
    if (day >= today) byDay.set(day, (byDay.get(day) ?? 0) + event.watched_seconds)
  }
  const fresh = [...byDay].map(([day, seconds]) => ({ at, day, seconds }))
  return [...pruneSends(kept, figureRequestedAt).filter((send) => send.day >= today), ...fresh]
}

/** The sends a figure requested at `requestedAt` does not hold yet (those answered after it left). */
export function pruneSends(sends: SentWatch[], requestedAt: number): SentWatch[] {
  return sends.filter((send) => send.at > requestedAt)
}

/** Adds the watch events of `items`, answered at `at`, to the kept sends; run inside the outbox's transaction. */
export async function recordSends(items: OutboxItem[], at: number): Promise<void> {
  if (!items.some((item) => item.kind === 'watch_event')) return
  const [kept, figure] = await Promise.all([db.records.get(SENT_WATCH_KEY), db.records.get('dailyProgress')])
  const sends = kept?.key === SENT_WATCH_KEY ? kept.value : []
  const requestedAt = figure?.key === 'dailyProgress' ? (figure.value.requestedAt ?? 0) : 0
  await db.records.put({ key: SENT_WATCH_KEY, value: withSend(sends, items, at, requestedAt) })
}

/** Keeps a server figure for the goal bar, and drops the sends it holds, in one transaction. */
export async function saveDailyFigure(figure: DayProgress): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    const kept = await db.records.get(SENT_WATCH_KEY)
    const current = await db.records.get('dailyProgress')
    // Two tabs may answer out of order: the newest request wins.
    if (current?.key === 'dailyProgress' && (current.value.requestedAt ?? 0) > figure.requestedAt) return
    await db.records.put({ key: 'dailyProgress', value: figure })
    if (kept?.key === SENT_WATCH_KEY) await db.records.put({ key: SENT_WATCH_KEY, value: pruneSends(kept.value, figure.requestedAt) })
  })
}
