/**
 * The watch stretch that is still running, kept on the device as it grows (the tracker reports it
 * about every half second of play), so a page that dies without a word (a killed tab, the phone
 * reclaiming the app: no pagehide) loses at most about a second of watching.
 *
 * An open stretch waits in db.records under `stretch:<client_id>`, not in the outbox: the sync engine
 * must never send it while it may still grow (the server would store the first version and answer
 * every later one as a duplicate). Closing it moves it into the outbox under the same client_id, in
 * one transaction, and only if it is still there: whoever closes it first sends it, and nobody twice.
 *
 * While a stretch is open, its page holds a Web Lock named after it. A stretch whose lock is free
 * belongs to a page that died: closeAbandonedStretches (at start, on `online`, back in the tab) closes
 * it as it was last kept. Without Web Locks (old browsers), a stretch not kept for STALE_MS is taken
 * for abandoned instead, since a live one is rewritten every second or so.
 */
import type { StretchUpdate } from './watch-stretch.ts'
import { db, type OpenStretch, type WatchEventPayload } from '../db.ts'
import { enqueue } from '../outbox/enqueue.ts'
import { holdLock } from '../runtime/locks.ts'

export type { OpenStretch }

const PREFIX = 'stretch:'
/** Without Web Locks: a live stretch is rewritten about every second, so this one is abandoned. */
const STALE_MS = 60_000

const recordKey = (id: string) => `${PREFIX}${id}` as const
const lockName = (id: string) => `dehieu-stretch:${id}`


/**
 * Moves a stretch into the outbox, due now: `final` as given, or as last kept when undefined; null
 * drops it. With `onlyIfKept`, nothing happens unless it is still kept (someone else closed it, or
 * the local data was cleared at sign-out). Answers whether it went into the outbox.
 */
async function closeStretch(id: string, final: WatchEventPayload | null | undefined, onlyIfKept: boolean): Promise<boolean> {
  return db.transaction('rw', db.records, db.outbox, async (tx) => {
    const record = await db.records.get(recordKey(id))
    const kept = record && record.key.startsWith(PREFIX) ? (record.value as OpenStretch) : undefined
    if (!kept && onlyIfKept) return false
    if (kept) await db.records.delete(recordKey(id))
    const event = final === undefined ? kept?.event : final
    if (!event) return false
    await enqueue('watch_event', event, { id, tx })
    return true
  })
}

/**
 * Keeps one player's stretches from the tracker's updates: open ones are written in place, closed
 * ones go to the outbox (enqueue wakes the sync engine; then `onClosed`). Writes of one stretch run in order.
 */
export function createStretchKeeper(videoId: number, onClosed: () => void = () => {}) {
  const running = new Map<string, { queue: Promise<unknown>; release: Promise<() => void>; kept: boolean }>()

  return function keep(update: StretchUpdate): Promise<void> {
    const event = update.stretch ? { ...update.stretch, video_id: videoId } : null
    let stretch = running.get(update.id)
    if (!stretch) {
      if (!update.open) {
        // Closed before it was ever kept (shorter than a report): straight into the outbox.
        return closeStretch(update.id, event, false).then((sent) => void (sent && onClosed()))
      }
      // The lock before the first write: a stretch is never kept without it, or another tab would take
      // it for abandoned.
      const release = holdLock(lockName(update.id))
      stretch = { queue: release, release, kept: false }
      running.set(update.id, stretch)
    }
    const current = stretch
    const step = update.open
      ? async () => {
          if (!event) return
          const value: OpenStretch = { event, savedAt: Date.now() }
          if (!current.kept) {
            await db.records.put({ key: recordKey(update.id), value })
            current.kept = true
          } else {
            // update, not put: a stretch cleared away (sign-out) is not brought back.
            await db.records.update(recordKey(update.id), { value })
          }
        }
      : async () => {
          running.delete(update.id)
          try {
            if (await closeStretch(update.id, event, current.kept)) onClosed()
          } finally {
            ;(await current.release)()
          }
        }
    const done = current.queue.then(step)
    // A failed write must not stop the later ones (the next one carries the whole stretch anyway).
    current.queue = done.catch((error: unknown) => console.warn('Could not keep watch time', error))
    return done
  }
}

/** Today's open stretches as kept, for the goal bar (read inside its live query). */
export function openStretches(): Promise<OpenStretch[]> {
  return db.records
    .where('key')
    .startsWith(PREFIX)
    .toArray()
    .then((records) => records.map((record) => record.value as OpenStretch))
}

/** Closes, as last kept, the open stretches of pages that died. Answers how many went to the outbox. */
export async function closeAbandonedStretches(now: number = Date.now()): Promise<number> {
  const records = await db.records.where('key').startsWith(PREFIX).toArray()
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  let closed = 0
  for (const record of records) {
    const id = record.key.slice(PREFIX.length)
    if (locks?.request) {
      // Granted only if no live page holds it; held while closing, so its page cannot come back mid-way.
      await locks.request(lockName(id), { ifAvailable: true }, async (lock) => {
        if (lock && (await closeStretch(id, undefined, true))) closed++
      })
    } else if (now - (record.value as OpenStretch).savedAt > STALE_MS && (await closeStretch(id, undefined, true))) {
      closed++
    }
  }
  return closed
}
