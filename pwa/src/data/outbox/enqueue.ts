/**
 * The one way into the outbox. The item is in IndexedDB before this resolves (or, inside a caller's
 * transaction, when that transaction commits), and then the sync engine is woken to send it at once
 * (if it is loaded: background-sync.ts loads it when the outbox is found non-empty, and it flushes on
 * start). Kept apart from the engine so a screen that queues something does not load the engine.
 * A payload that does not fit its kind (payload-checks.ts) is refused at once, before anything is
 * written, with a developer's error: a mistake of the code that called, never of the person. The checks
 * come with the engine's chunk (outbox.ts hands them over as it loads), not with this module, which the
 * first screen loads: every screen that queues something loads that chunk (the player, comments,
 * feedback, time outside the app), and an item queued before it (a stretch closed at start-up) is
 * checked by the engine's sender when it reads it back, which dead-letters one that does not fit.
 */
import { Dexie, type Transaction } from 'dexie'
import { uuidv7 } from '../../../../contract/ids.ts'
import { db, type OutboxKind } from '../db.ts'
import type { OutboxPayloads } from './registry.ts'

export interface EnqueueOptions<K extends OutboxKind> {
  /** The item's id, sent as its client_id (default: a new time-ordered UUIDv7). */
  id?: string
  /** Earlier items of this kind still waiting whose payload matches are dropped (a change of mind). */
  replace?: (payload: OutboxPayloads[K]) => boolean
  /**
   * The caller's transaction (it must include db.outbox): the item is written in it and the engine
   * woken once it commits. Without one, a Dexie transaction the call runs inside is used the same way.
   */
  tx?: Transaction
  /** Epoch ms the item is created and due at. */
  now?: number
}

let wake: (() => void) | null = null

/** What is wrong with a payload for its kind, or null (payload-checks.ts payloadProblem). */
type PayloadCheck = (kind: OutboxKind, payload: unknown) => string | null
let check: PayloadCheck | null = null

/** The payload checks enqueue applies from now on (outbox.ts gives them as it loads). */
export function checkPayloadsWith(next: PayloadCheck | null): void {
  check = next
}

/** The engine's "something was queued" (startSyncTriggers' enqueued); null when it stops. */
export function onEnqueued(listener: (() => void) | null): void {
  wake = listener
}

/** Wakes the engine, if one runs, to send soon what was queued. */
export function wakeEngine(): void {
  wake?.()
}

export async function enqueue<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K], options: EnqueueOptions<K> = {}): Promise<string> {
  const problem = check?.(kind, payload)
  if (problem) throw new TypeError(`enqueue('${kind}'): the payload does not fit its kind (data/outbox/payload-checks.ts): ${problem}`)
  const id = options.id ?? uuidv7()
  const now = options.now ?? Date.now()
  const write = async () => {
    if (options.replace) {
      const replace = options.replace
      const earlier = await db.outbox
        .where('kind')
        .equals(kind)
        .filter((item) => item.id !== id && replace(item.payload as OutboxPayloads[K]))
        .primaryKeys()
      if (earlier.length) await db.outbox.bulkDelete(earlier)
    }
    // put: a stretch closed under the id it was kept by goes in once, whoever closes it.
    await db.outbox.put({ id, kind, payload, attempts: 0, nextAttemptAt: now, createdAt: now })
  }
  const tx = options.tx ?? Dexie.currentTransaction
  if (tx) {
    tx.on('complete', wakeEngine)
    await write()
  } else {
    await write()
    wakeEngine()
  }
  return id
}
