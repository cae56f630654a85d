/**
 * The one sync engine of the PWA. Everything a learner does that the server must hear about (watch
 * events, comments, feedback) is first written to the outbox, then sent from here:
 * - on start, on `online`, when the tab becomes visible, shortly after anything is enqueued, and every
 *   30 s while online;
 * - by one tab at a time (Web Locks; a tab without them uses an in-page flag);
 * - watch events in batches of at most 500, ratings in batches of at most 100, the rest one by one;
 * - accepted and duplicate items leave the outbox; items the server rejects move to the dead-letter
 *   table, where the person can see them; network errors and 5xx answers wait with exponential backoff
 *   and jitter, then try again.
 * A flush cut short (the tab closed mid-request) simply sends again: every call is idempotent by
 * client_id, so the server counts each item once.
 */
import { WATCH_EVENTS_MAX_BATCH } from '../../../../contract/limits.ts'
import { RATINGS_MAX_BATCH } from '../compass/rating-types.ts'

import type { OutboxItem, OutboxKind } from '../db.ts'

export type { OutboxItem, OutboxKind }

export interface OutboxStore {
  /** Items due now, oldest first. */
  due(kind: OutboxKind, now: number, limit: number): Promise<OutboxItem[]>
  /** Takes out the items the server answered for, at `at` (epoch ms, when its answer arrived). */
  remove(items: OutboxItem[], at: number): Promise<void>
  deadLetter(items: Array<{ item: OutboxItem; error: string }>): Promise<void>
  retryLater(items: OutboxItem[], nextAttemptAt: number): Promise<void>
  recordSync(at: number): Promise<void>
}

/** What a send learned: which items are done, which the server refused, or that it should wait. */
export type SendResult =
  | { kind: 'answered'; done: string[]; rejected: Array<{ id: string; error: string }> }
  | { kind: 'retry' }
  | { kind: 'stop' } // signed out: nothing can be sent until the person signs in again

export interface Senders {
  watchEvents(items: OutboxItem[]): Promise<SendResult>
  ratings(items: OutboxItem[]): Promise<SendResult>
  one(item: OutboxItem): Promise<SendResult>
}

export interface SyncEngineDeps {
  store: OutboxStore
  send: Senders
  now?: () => number
  random?: () => number
  isOnline?: () => boolean
  /** Runs `task` only if no other tab is flushing; the in-page fallback serialises within this tab. */
  exclusive?: (task: () => Promise<void>) => Promise<void>
}

const BASE_BACKOFF_MS = 2_000
const MAX_BACKOFF_MS = 5 * 60_000
const ONE_BY_ONE_PER_FLUSH = 50

/** Exponential backoff with full jitter: between half and all of 2^attempts × base, capped. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.min(attempts, 20))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export function webLockExclusive(name: string) {
  let running = false
  return async (task: () => Promise<void>) => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (locks?.request) {
      await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (lock) await task()
      })
      return
    }
    if (running) return
    running = true
    try {
      await task()
    } finally {
      running = false
    }
  }
}

export function createSyncEngine(deps: SyncEngineDeps) {
  const now = deps.now ?? (() => Date.now())
  const random = deps.random ?? Math.random
  const isOnline = deps.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false))
  const exclusive = deps.exclusive ?? webLockExclusive('dehieu-outbox-flush')
  let again = false
  let flushing: Promise<void> | null = null

  async function settle(items: OutboxItem[], result: SendResult): Promise<'continue' | 'stop'> {
    if (result.kind === 'stop') return 'stop'
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
    return 'continue'
  }

  async function flushOnce(): Promise<void> {
    let sentSomething = false
    // Watch events first: they move the goal bar; a rating's "watched half" rule also rests on them.
    // Batches until the kind's outbox is empty or sending fails.
    const batched = [
      { kind: 'watch_event', max: WATCH_EVENTS_MAX_BATCH, send: deps.send.watchEvents },
      { kind: 'rating', max: RATINGS_MAX_BATCH, send: deps.send.ratings },
    ] as const
    for (const { kind, max, send } of batched) {
      // A rating waits while watch events wait, even ones not due yet (backing off after a failed
      // send): sent before them, the server would refuse it for good as not watched (issue 33).
      if (kind === 'rating' && (await deps.store.due('watch_event', Number.POSITIVE_INFINITY, 1)).length > 0) continue
      for (;;) {
        const batch = await deps.store.due(kind, now(), max)
        if (batch.length === 0) break
        const outcome = await settle(batch, await send(batch))
        sentSomething = true
        if (outcome === 'stop') return
      }
    }
    for (const kind of ['comment', 'feedback', 'outside_hours'] as const) {
      const items = await deps.store.due(kind, now(), ONE_BY_ONE_PER_FLUSH)
      for (const item of items) {
        const outcome = await settle([item], await deps.send.one(item))
        sentSomething = true
        if (outcome === 'stop') return
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
 * Wires the triggers: start, `online`, visible again, soon after an enqueue, and every 30 s while
 * online. Answers a function that removes them, and one to call after enqueueing.
 */
export function startSyncTriggers(engine: SyncEngine, options: { intervalMs?: number; afterEnqueueMs?: number } = {}) {
  const run = () => void engine.flush().catch(() => {})
  const onVisible = () => {
    if (document.visibilityState === 'visible') run()
  }
  window.addEventListener('online', run)
  document.addEventListener('visibilitychange', onVisible)
  const timer = setInterval(run, options.intervalMs ?? 30_000)
  let soon: ReturnType<typeof setTimeout> | undefined
  run()
  return {
    enqueued() {
      clearTimeout(soon)
      soon = setTimeout(run, options.afterEnqueueMs ?? 300)
    },
    stop() {
      window.removeEventListener('online', run)
      document.removeEventListener('visibilitychange', onVisible)
      clearInterval(timer)
      clearTimeout(soon)
    },
  }
}
