/**
 * Watch seconds that reached the server, kept on the device until a server daily figure newer than
 * them arrives. Between the moment the sync engine's watch-events send is answered (the events leave
 * the outbox) and the next daily-progress answer, those seconds are in neither the outbox nor the
 * server's figure; if the network goes away in between (or the page reloads offline), only this record
 * still knows them. The goal bar adds the sends newer than its figure's request (data/progress/
 * today-seconds.ts). Written in the transaction that takes the items out of the outbox, so a live
 * query reading both never sees the seconds in neither or in both.
 *
 * Also when each watch event still in the outbox was first sent (`watchSendStarts`, written before the
 * request leaves): a page left in the middle of a send (the server stored the events, the outbox's
 * removal never committed) leaves them in the outbox, and the next page's server figure holds them
 * too (issue 45). The goal bar counts neither an outbox event nor a send whose first send began
 * before the figure's answer came: the figure may hold it. So it never counts a second twice; at worst,
 * when such a send did not reach the server, it counts those seconds late, once the resend is answered
 * and the figure fetched after it holds them.
 */
import type { DayProgress } from './daily-progress.ts'
import { localDay } from './local-day.ts'
import type { WatchStretch } from './watch-stretch.ts'
import { db, type OutboxItem, type SentWatch, type WatchSendStart } from '../db.ts'
import { startOfLocalDay } from './local-day.ts'

export type { SentWatch }

export const SENT_WATCH_KEY = 'sentWatch'
export const WATCH_SEND_STARTS_KEY = 'watchSendStarts'

/** The first send start of each event id in `starts`. */
export function firstStarts(starts: WatchSendStart[]): Map<string, number> {
  const first = new Map<string, number>()
  for (const { at, ids } of starts) for (const id of ids) if (!((first.get(id) ?? Infinity) <= at)) first.set(id, at)
  return first
}

/**
 * `starts` with the watch events of `items` noted as sent at `at`, those already noted keeping their
 * first start; starts before `at`'s local day are dropped (the bar counts only today's events, and no
 * event of today was sent before today began).
 */
function withSendStart(starts: WatchSendStart[], items: OutboxItem[], at: number): WatchSendStart[] {
  const dayStart = startOfLocalDay(localDay(new Date(at)))
  const kept = starts.filter((start) => start.at >= dayStart)
  const known = firstStarts(kept)
  const ids = items.filter((item) => item.kind === 'watch_event' && !known.has(item.id)).map((item) => item.id)
  return ids.length > 0 ? [...kept, { at, ids }] : kept
}

async function readStarts(): Promise<WatchSendStart[]> {
  const record = await db.records.get(WATCH_SEND_STARTS_KEY)
  return record?.key === WATCH_SEND_STARTS_KEY ? record.value : []
}

/** Before a send leaves: notes when its watch events were first sent (one record, one write). */
export async function recordSendStart(items: OutboxItem[], at: number): Promise<void> {
  if (!items.some((item) => item.kind === 'watch_event')) return
  await db.records.put({ key: WATCH_SEND_STARTS_KEY, value: withSendStart(await readStarts(), items, at) })
}

/**
 * The sends kept after `items` were answered at `at`: the earlier ones still newer than the last
 * figure's request (`figureRequestedAt`, 0 if none is known), plus this send, per local day of its
 * events and first send start (`started`; an event with none started with this answer); days before
 * today are dropped, as the bar never counts them.
 */
export function withSend(kept: SentWatch[], items: OutboxItem[], at: number, figureRequestedAt: number, started = new Map<string, number>()): SentWatch[] {
  const today = localDay(new Date(at))
  const byDayAndStart = new Map<string, SentWatch>()
  for (const item of items) {
    if (item.kind !== 'watch_event') continue
    const event = item.payload as WatchStretch
    const day = localDay(new Date(event.occurred_at))
    if (day < today) continue
    const startedAt = started.get(item.id) ?? at
    const send = byDayAndStart.get(`${day} ${startedAt}`) ?? { at, startedAt, day, seconds: 0 }
    send.seconds += event.watched_seconds
    byDayAndStart.set(`${day} ${startedAt}`, send)
  }
  return [...pruneSends(kept, figureRequestedAt).filter((send) => send.day >= today), ...byDayAndStart.values()]
}

/** The sends a figure requested at `requestedAt` does not hold yet (those answered after it left). */
export function pruneSends(sends: SentWatch[], requestedAt: number): SentWatch[] {
  return sends.filter((send) => send.at > requestedAt)
}

/**
 * Adds the watch events of `items`, answered at `at`, to the kept sends with their first send start,
 * and drops them from the send starts (they leave the outbox); run inside the outbox's transaction.
 */
export async function recordSends(items: OutboxItem[], at: number): Promise<void> {
  if (!items.some((item) => item.kind === 'watch_event')) return
  const [kept, figure, starts] = await Promise.all([db.records.get(SENT_WATCH_KEY), db.records.get('dailyProgress'), readStarts()])
  const sends = kept?.key === SENT_WATCH_KEY ? kept.value : []
  const requestedAt = figure?.key === 'dailyProgress' ? (figure.value.requestedAt ?? 0) : 0
  await db.records.put({ key: SENT_WATCH_KEY, value: withSend(sends, items, at, requestedAt, firstStarts(starts)) })
  if (starts.length === 0) return
  const gone = new Set(items.map((item) => item.id))
  const left = starts.map((start) => ({ at: start.at, ids: start.ids.filter((id) => !gone.has(id)) })).filter((start) => start.ids.length > 0)
  await db.records.put({ key: WATCH_SEND_STARTS_KEY, value: left })
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
