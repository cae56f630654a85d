/**
 * Web Locks, the one place the app takes them (with retry.ts and connectivity.ts, the runtime the data
 * layer runs on):
 * - exclusive: a task one tab at a time (the outbox flush);
 * - holdLock: held while a page lives (an open watch stretch: a free lock means its page died);
 * - tryLock / waitForLock over TabLocks: one tab at a time per item (an upload, a download), held for
 *   as long as a tab works on it. A tab that does not get the lock leaves the item alone and shows its
 * progress from Dexie; the tab that holds it follows the item's record, so a pause or a delete pressed
 * in any tab reaches it (upload-queue.ts, downloads/download-manager.ts).
 * Without Web Locks (older browsers) an in-page stand-in guards this tab only, as before they came.
 */

/** The part of the Web Locks API used here; navigator.locks is one, memoryLocks() another. */
export interface TabLocks {
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<void>): Promise<void>
}

/** navigator.locks where the browser has it; otherwise a lock manager for this page alone. */
export function browserLocks(): TabLocks {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return locks?.request ? locks : memoryLocks()
}

/**
 * Exclusive locks within one page, granted in the order asked for, as Web Locks grants them. Tests
 * give one to two queues to stand for two tabs of one browser.
 */
export function memoryLocks(): TabLocks {
  const waiting = new Map<string, Array<() => void>>()
  const held = new Set<string>()
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null)
        await new Promise<void>((grant) => waiting.set(name, [...(waiting.get(name) ?? []), grant]))
      } else {
        held.add(name)
      }
      try {
        return await callback({ name, mode: 'exclusive' })
      } finally {
        const [next, ...rest] = waiting.get(name) ?? []
        if (rest.length) waiting.set(name, rest)
        else waiting.delete(name)
        if (next) next() // handed on: it stays held
        else held.delete(name)
      }
    },
  }
}

/** A held lock: call it to let the lock go (again is harmless); it answers once the lock is free. */
export type Release = () => Promise<void>

function hold(locks: TabLocks, name: string, ifAvailable: boolean): Promise<Release | null> {
  return new Promise((answer, fail) => {
    let letGo!: () => void
    const released = new Promise<void>((resolve) => (letGo = resolve))
    const over = locks.request(name, { ifAvailable }, async (lock) => {
      if (!lock) return answer(null)
      answer(() => {
        letGo()
        return over
      })
      await released
    })
    over.catch(fail)
  })
}

/** Takes `name` unless another holder has it (answers null then); it stays held until released. */
export function tryLock(locks: TabLocks, name: string): Promise<Release | null> {
  return hold(locks, name, true)
}

/** Waits until `name` is free, then takes it; it stays held until released. */
export async function waitForLock(locks: TabLocks, name: string): Promise<Release> {
  return (await hold(locks, name, false))!
}

/**
 * A task that runs in one tab at a time: `name`'s Web Lock if free, else it is skipped (the tab that
 * holds it is doing the work). Without Web Locks, an in-page flag serialises this tab alone.
 */
export function exclusive(name: string): (task: () => Promise<void>) => Promise<void> {
  let running = false
  return async (task) => {
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

/**
 * Holds `name`'s Web Lock (waiting for it) until the answered function is called, or the page dies;
 * without Web Locks, nothing is held.
 */
export function holdLock(name: string): Promise<() => void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks?.request) return Promise.resolve(() => {})
  return new Promise((granted) => {
    void locks.request(name, () => new Promise<void>((release) => granted(release))).catch(() => granted(() => {}))
  })
}

