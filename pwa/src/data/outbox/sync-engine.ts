/**
 * The one sync engine of the PWA. Everything a learner does that the server must hear about (watch
 * events, ratings, comments, feedback, time outside the app) is first written to the outbox
 * (enqueue.ts), then sent from here:
 * - on start, when the network is back (connectivity.ts: the browser's `online`, or any answer of
 *   ours after requests got none), when the tab becomes visible, at once after anything is enqueued,
 *   and every 30 s while up;
 * - by one tab at a time (Web Locks; a tab without them uses an in-page flag);
 * - kinds in the registry's order (registry.ts), each in batches of its contract limit (watch events
 *   500, ratings 100), the calls of one item one by one (at most 50 of each kind per flush);
 * - accepted and duplicate items leave the outbox; deferred ones (a review of a card the server does
 *   not hold yet) stay and wait their back-off, or their card's landing; items the server rejects move to the dead-letter
 *   table, where the person can see them; 5xx/429 answers wait with exponential backoff and jitter,
 *   then try again. No answer at all is not the item's fault: the items stay due, the engine stops
 *   and the network is marked down, and the flush that its return starts sends them.
 * A flush cut short (the tab closed mid-request) simply sends again: every call is idempotent by
 * client_id, so the server counts each item once.
 */
import type { OutboxItem, OutboxKind } from '../db.ts'
import { connectivity } from '../runtime/connectivity.ts'
import { exclusive as webLockExclusive } from '../runtime/locks.ts'
import { backoffMs, PERIODIC_RETRY_MS } from '../runtime/retry.ts'

export { backoffMs }

export type { OutboxItem, OutboxKind }

export interface OutboxStore {
  /** Items due now, oldest first. */
  due(kind: OutboxKind, now: number, limit: number): Promise<OutboxItem[]>
  /** Before `items` are sent, at `at`: what must be on the device before the request leaves (sent-watch.ts). */
  sending?(items: OutboxItem[], at: number): Promise<void>
  /** Takes out the items the server answered for, at `at` (epoch ms, when its answer arrived). */
  remove(items: OutboxItem[], at: number): Promise<void>
  deadLetter(items: Array<{ item: OutboxItem; error: string }>): Promise<void>
  retryLater(items: OutboxItem[], nextAttemptAt: number): Promise<void>
  recordSync(at: number): Promise<void>
}

/** What a send learned: which items are done, which the server refused, or that it should wait. */
export type SendResult =
  | {
      kind: 'answered'
      done: string[]
      rejected: Array<{ id: string; error: string }>
      /** Items the server cannot take yet (a review of a card it does not hold): they stay and wait their back-off, never dropped. */
      deferred?: string[]
    }
  | { kind: 'retry' } // an answer that is an error (5xx, 429): this item waits its back-off
  | { kind: 'unreachable' } // no answer at all: nothing is wrong with the items; wait for the network
  | { kind: 'stop' } // signed out: nothing can be sent until the person signs in again

/** Sends items of one kind (at most its batch) and reads the answer (registry.ts sendOutbox). */
export type Send = (kind: OutboxKind, items: OutboxItem[]) => Promise<SendResult>

export interface SyncEngineDeps {
  store: OutboxStore
  send: Send
  /** The kinds in sending order with their batch limits (registry.ts OUTBOX_KINDS). */
  kinds: ReadonlyArray<{ kind: OutboxKind; batch: number }>
  now?: () => number
  random?: () => number
  isOnline?: () => boolean
  /** Runs `task` only if no other tab is flushing; the in-page fallback serialises within this tab. */
  exclusive?: (task: () => Promise<void>) => Promise<void>
}

const ONE_BY_ONE_PER_FLUSH = 50

export function createSyncEngine(deps: SyncEngineDeps) {
  const now = deps.now ?? (() => Date.now())
  const random = deps.random ?? Math.random
  const isOnline = deps.isOnline ?? connectivity.isUp
  const exclusive = deps.exclusive ?? webLockExclusive('dehieu-outbox-flush')
  let again = false
  let flushing: Promise<void> | null = null

  async function settle(items: OutboxItem[], result: SendResult): Promise<'continue' | 'stop'> {
    if (result.kind === 'stop' || result.kind === 'unreachable') return 'stop'
    if (result.kind === 'retry') {
      const attempts = Math.max(...items.map((item) => item.attempts)) + 1
      await deps.store.retryLater(
        items.map((item) => ({ ...item, attempts: item.attempts + 1 })),
        now() + backoffMs(attempts, random),
      )
      return 'stop'
    }
    const byId = new Map(items.map((item) => [item.id, item]))
    const done = result.done.flatMap((id) => byId.get(id) ?? [])
    if (done.length) await deps.store.remove(done, now())
    if (result.rejected.length) {
      await deps.store.deadLetter(result.rejected.flatMap(({ id, error }) => (byId.has(id) ? [{ item: byId.get(id)!, error }] : [])))
    }
    const deferred = (result.deferred ?? []).flatMap((id) => byId.get(id) ?? [])
    if (deferred.length) {
      // Kept, later: sent again once their card lands (outbox.ts wakes them) or their back-off ends.
      const attempts = Math.max(...deferred.map((item) => item.attempts)) + 1
      await deps.store.retryLater(
        deferred.map((item) => ({ ...item, attempts: item.attempts + 1 })),
        now() + backoffMs(attempts, random),
      )
    }
    return 'continue'
  }

  async function flushOnce(): Promise<void> {
    let sentSomething = false
    for (const { kind, batch } of deps.kinds) {
      // A rating waits while watch events wait, even ones not due yet (backing off after a failed
      // send): sent before them, the server would refuse it for good as not watched (issue 33).
      if (kind === 'rating' && (await deps.store.due('watch_event', Number.POSITIVE_INFINITY, 1)).length > 0) continue
      if (batch > 1) {
        // Batches until the kind's outbox is empty or sending fails.
        for (;;) {
          const items = await deps.store.due(kind, now(), batch)
          if (items.length === 0) break
          await deps.store.sending?.(items, now())
          const outcome = await settle(items, await deps.send(kind, items))
          sentSomething = true
          if (outcome === 'stop') return
        }
      } else {
        for (const item of await deps.store.due(kind, now(), ONE_BY_ONE_PER_FLUSH)) {
          await deps.store.sending?.([item], now())
          const outcome = await settle([item], await deps.send(kind, [item]))
          sentSomething = true
          if (outcome === 'stop') return
        }
      }
    }
    if (sentSomething) await deps.store.recordSync(now())
  }

  /** Sends what is due. Calls while a flush runs make it go round once more. */
  function flush(): Promise<void> {
    if (!isOnline()) return Promise.resolve()
    if (flushing) {
      again = true
      return flushing
    }
    flushing = (async () => {
      try {
        do {
          again = false
          await exclusive(flushOnce)
        } while (again)
      } finally {
        flushing = null
      }
    })()
    return flushing
  }

  return { flush }
}

export type SyncEngine = ReturnType<typeof createSyncEngine>

/**
 * Wires the triggers: start, the network back (connectivity.ts: the browser's `online` or an answer
 * after none), visible again, soon after an enqueue, and every 30 s while up. Answers a function that
 * removes them, and one to call after enqueueing.
 */
export function startSyncTriggers(
  engine: SyncEngine,
  options: { intervalMs?: number; afterEnqueueMs?: number; onUp?: (run: () => void) => () => void } = {},
) {
  const run = () => void engine.flush().catch(() => {})
  const onVisible = () => {
    if (document.visibilityState === 'visible') run()
  }
  const stopUp = (options.onUp ?? connectivity.onUp)(run)
  document.addEventListener('visibilitychange', onVisible)
  const timer = setInterval(run, options.intervalMs ?? PERIODIC_RETRY_MS)
  let soon: ReturnType<typeof setTimeout> | undefined
  run()
  return {
    enqueued() {
      clearTimeout(soon)
      soon = setTimeout(run, options.afterEnqueueMs ?? 300)
    },
    stop() {
      stopUp()
      document.removeEventListener('visibilitychange', onVisible)
      clearInterval(timer)
      clearTimeout(soon)
    },
  }
}
