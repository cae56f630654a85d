/**
 * The app's outbox: enqueue an item (it is in IndexedDB before this resolves), and the one sync
 * engine that sends it. Start the engine once signed in; stop it on sign-out.
 */
import { uuidv7 } from '../../../../contract/ids.ts'
import { db } from '../db.ts'
import { outboxSenders } from './registry.ts'
import { createOutboxStore } from './outbox-store.ts'
import { recordSends } from '../progress/sent-watch.ts'
import { createSyncEngine, startSyncTriggers, type OutboxKind } from './sync-engine.ts'

export const outboxStore = createOutboxStore({
  outbox: db.outbox,
  deadLetters: db.deadLetters,
  saveLastSync: (at) => db.records.put({ key: 'lastSyncAt', value: at }).then(() => undefined),
  transaction: (tables, work) => db.transaction('rw', tables, work),
  onDone: { tables: [db.records], write: recordSends },
})

export const syncEngine = createSyncEngine({ store: outboxStore, send: outboxSenders })

let triggers: ReturnType<typeof startSyncTriggers> | null = null

export function startBackgroundSync(): void {
  triggers ??= startSyncTriggers(syncEngine)
}

export function stopBackgroundSync(): void {
  triggers?.stop()
  triggers = null
}

/** Something went into the outbox by another way than enqueue (a closed watch stretch): flush soon. */
export function flushSoon(): void {
  triggers?.enqueued()
}

/** Writes an item to the outbox (its id is its client_id: time-ordered UUIDv7) and asks for a flush. */
export async function enqueue(kind: OutboxKind, payload: unknown, id: string = uuidv7()): Promise<string> {
  const now = Date.now()
  await db.outbox.add({ id, kind, payload, attempts: 0, nextAttemptAt: now, createdAt: now })
  triggers?.enqueued()
  return id
}
