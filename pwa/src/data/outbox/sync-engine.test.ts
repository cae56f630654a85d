import { describe, expect, it } from 'vitest'
import { OUTBOX_KINDS } from './registry.ts'
import { backoffMs, createSyncEngine, type OutboxItem, type OutboxKind, type OutboxStore, type SendResult } from './sync-engine.ts'

/** The engine's send and the registry's kinds, from one sender per way of sending. */
function senders(by: {
  watchEvents: (items: OutboxItem[]) => Promise<SendResult>
  ratings: (items: OutboxItem[]) => Promise<SendResult>
  one: (item: OutboxItem) => Promise<SendResult>
}) {
  return {
    kinds: OUTBOX_KINDS,
    send: (kind: OutboxKind, items: OutboxItem[]) =>
      kind === 'watch_event' ? by.watchEvents(items) : kind === 'rating' ? by.ratings(items) : by.one(items[0]),
  }
}

/** For tests whose outbox holds no ratings: a call would be a bug in the engine. */
const noRatings = async (): Promise<SendResult> => {
  throw new Error('no ratings were queued')
}

function memoryStore() {
  const items = new Map<string, OutboxItem>()
  const dead: Array<{ id: string; error: string }> = []
  let lastSync = 0
  const store: OutboxStore = {
    async due(kind, now, limit) {
      return [...items.values()].filter((i) => i.kind === kind && i.nextAttemptAt <= now).sort((a, b) => a.createdAt - b.createdAt).slice(0, limit)
    },
    async remove(list) {
      for (const { id } of list) items.delete(id)
    },
    async deadLetter(list) {
      for (const { item, error } of list) {
        items.delete(item.id)
        dead.push({ id: item.id, error })
      }
    },
    async retryLater(list, at) {
      for (const item of list) items.set(item.id, { ...item, nextAttemptAt: at })
    },
    async recordSync(at) {
      lastSync = at
    },
  }
  const add = (kind: OutboxKind, count: number) => {
    for (let i = 0; i < count; i++) {
      const id = `${kind}-${items.size}-${i}`
      items.set(id, { id, kind, payload: { n: i }, attempts: 0, nextAttemptAt: 0, createdAt: items.size })
    }
  }
  return { store, items, dead, add, lastSync: () => lastSync }
}

describe('the sync engine', () => {
  it('sends watch events in batches of at most 500 until the outbox is empty', async () => {
    const memory = memoryStore()
    memory.add('watch_event', 1200)
    const sizes: number[] = []
    const engine = createSyncEngine({
      store: memory.store,
      now: () => 1000,
      isOnline: () => true,
      exclusive: (task) => task(),
      ...senders({
        watchEvents: async (batch) => {
          sizes.push(batch.length)
          return { kind: 'answered', done: batch.map((i) => i.id), rejected: [] }
        },
        ratings: noRatings,
        one: async () => ({ kind: 'answered', done: [], rejected: [] }),
      }),
    })
    await engine.flush()
    expect(sizes).toEqual([500, 500, 200])
    expect(memory.items.size).toBe(0)
    expect(memory.lastSync()).toBe(1000)
  })

  it('moves what the server rejects to the dead letters and removes the rest', async () => {
    const memory = memoryStore()
    memory.add('watch_event', 3)
    const ids = [...memory.items.keys()]
    const engine = createSyncEngine({
      store: memory.store,
      isOnline: () => true,
      exclusive: (task) => task(),
      ...senders({
        watchEvents: async () => ({ kind: 'answered', done: [ids[0], ids[2]], rejected: [{ id: ids[1], error: 'too_old' }] }),
        ratings: noRatings,
        one: async () => ({ kind: 'retry' }),
      }),
    })
    await engine.flush()
    expect(memory.items.size).toBe(0)
    expect(memory.dead).toEqual([{ id: ids[1], error: 'too_old' }])
  })

  it('waits with backoff after a network error and sends again once due', async () => {
    const memory = memoryStore()
    memory.add('comment', 1)
    let now = 0
    const answers: SendResult[] = [{ kind: 'retry' }, { kind: 'answered', done: [...memory.items.keys()], rejected: [] }]
    let calls = 0
    const engine = createSyncEngine({
      store: memory.store,
      now: () => now,
      random: () => 0.5,
      isOnline: () => true,
      exclusive: (task) => task(),
      ...senders({ watchEvents: async () => ({ kind: 'retry' }), ratings: noRatings,
        one: async () => (calls++, answers.shift()!) }),
    })
    await engine.flush()
    const item = [...memory.items.values()][0]
    expect(item.attempts).toBe(1)
    expect(item.nextAttemptAt).toBe(backoffMs(1, () => 0.5))
    await engine.flush() // not due yet: nothing is sent
    expect(calls).toBe(1)
    now = item.nextAttemptAt
    await engine.flush()
    expect(calls).toBe(2)
    expect(memory.items.size).toBe(0)
  })

  it('sends nothing offline, and nothing more after the session ended', async () => {
    const memory = memoryStore()
    memory.add('feedback', 2)
    let online = false
    let calls = 0
    const engine = createSyncEngine({
      store: memory.store,
      isOnline: () => online,
      exclusive: (task) => task(),
      ...senders({ watchEvents: async () => ({ kind: 'stop' }), ratings: noRatings,
        one: async () => (calls++, { kind: 'stop' }) }),
    })
    await engine.flush()
    expect(calls).toBe(0)
    online = true
    await engine.flush()
    expect(calls).toBe(1) // stopped after the first: the rest waits for a new session
    expect(memory.items.size).toBe(2)
  })

  it('runs one flush at a time; a call during a flush makes it go round again', async () => {
    const memory = memoryStore()
    memory.add('watch_event', 1)
    let inFlight = 0
    let maxInFlight = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const engine = createSyncEngine({
      store: memory.store,
      isOnline: () => true,
      exclusive: (task) => task(),
      ...senders({
        watchEvents: async (batch) => {
          inFlight++
          maxInFlight = Math.max(maxInFlight, inFlight)
          await gate
          inFlight--
          return { kind: 'answered', done: batch.map((i) => i.id), rejected: [] }
        },
        ratings: noRatings,
        one: async () => ({ kind: 'answered', done: [], rejected: [] }),
      }),
    })
    const first = engine.flush()
    memory.add('watch_event', 1) // enqueued while the first request is out
    const second = engine.flush()
    release()
    await Promise.all([first, second])
    expect(maxInFlight).toBe(1)
    expect(memory.items.size).toBe(0)
  })

  it('sends ratings in batches of at most 100, after the watch events, and dead-letters the refused ones', async () => {
    const memory = memoryStore()
    memory.add('rating', 250)
    memory.add('watch_event', 2)
    const order: string[] = []
    const sizes: number[] = []
    const engine = createSyncEngine({
      store: memory.store,
      isOnline: () => true,
      exclusive: (task) => task(),
      ...senders({
        watchEvents: async (batch) => {
          order.push('watch_event')
          return { kind: 'answered', done: batch.map((i) => i.id), rejected: [] }
        },
        ratings: async (batch) => {
          order.push('rating')
          sizes.push(batch.length)
          const [first, ...rest] = batch
          return { kind: 'answered', done: rest.map((i) => i.id), rejected: [{ id: first!.id, error: 'not_watched' }] }
        },
        one: async () => ({ kind: 'answered', done: [], rejected: [] }),
      }),
    })
    await engine.flush()
    expect(order[0]).toBe('watch_event')
    expect(sizes).toEqual([100, 100, 50])
    expect(memory.items.size).toBe(0)
    expect(memory.dead.map((d) => d.error)).toEqual(['not_watched', 'not_watched', 'not_watched'])
  })

  it('holds the ratings while watch events wait, even backing off, so none is refused as not watched', async () => {
    const memory = memoryStore()
    memory.add('watch_event', 1)
    memory.add('rating', 1)
    let now = 0
    const sent: string[] = []
    let watchAnswer: SendResult = { kind: 'retry' }
    const engine = createSyncEngine({
      store: memory.store,
      now: () => now,
      random: () => 0.5,
      isOnline: () => true,
      exclusive: (task) => task(),
      ...senders({
        watchEvents: async (batch) => (sent.push('watch_event'), watchAnswer.kind === 'retry' ? watchAnswer : { kind: 'answered', done: batch.map((i) => i.id), rejected: [] }),
        ratings: async (batch) => (sent.push('rating'), { kind: 'answered', done: batch.map((i) => i.id), rejected: [] }),
        one: async () => ({ kind: 'answered', done: [], rejected: [] }),
      }),
    })
    await engine.flush() // the watch event fails and backs off
    await engine.flush() // not due yet: the rating still waits for it
    expect(sent).toEqual(['watch_event'])
    expect([...memory.items.values()].map((i) => i.kind).sort()).toEqual(['rating', 'watch_event'])
    watchAnswer = { kind: 'answered', done: [], rejected: [] }
    now = [...memory.items.values()].find((i) => i.kind === 'watch_event')!.nextAttemptAt
    await engine.flush()
    expect(sent).toEqual(['watch_event', 'watch_event', 'rating'])
    expect(memory.items.size).toBe(0)
  })

  it('backs off exponentially within bounds', () => {
    expect(backoffMs(1, () => 0)).toBe(2000)
    expect(backoffMs(1, () => 1)).toBe(4000)
    expect(backoffMs(3, () => 1)).toBe(16000)
    expect(backoffMs(50, () => 1)).toBe(300000)
  })
})
