/**
 * What the screens show of the outbox: how much waits, what the server refused, and when the last
 * sync went through. Read live from Dexie, so every tab shows the same.
 */
import { useLiveData } from '../use-live-data.ts'
import { db } from '../db.ts'
import type { DeadLetter } from './outbox-store.ts'

/** Items waiting to be sent and items the server refused (0 while Dexie answers). */
export function useOutboxCounts(): { pending: number; refused: number } {
  const pending = useLiveData(() => db.outbox.count(), []) ?? 0
  const refused = useLiveData(() => db.deadLetters.count(), []) ?? 0
  return { pending, refused }
}

/** When the last sync went through (epoch ms), null if never, undefined while Dexie answers. */
export function useLastSync(): number | null | undefined {
  return useLiveData(async () => ((await db.records.get('lastSyncAt'))?.value as number | undefined) ?? null, [])
}

/** The latest refused items, newest first. */
export function useDeadLetters(limit = 50): DeadLetter[] {
  return useLiveData(() => db.deadLetters.orderBy('failedAt').reverse().limit(limit).toArray(), [limit]) ?? []
}

export function clearDeadLetters(): Promise<void> {
  return db.deadLetters.clear()
}
