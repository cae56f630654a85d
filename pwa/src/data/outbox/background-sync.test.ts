/** The engine starts however items got into the outbox: at start, on `online`, back in the tab. */
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useBackgroundSync } from './background-sync.ts'
import { db } from '../db.ts'

const engine = vi.hoisted(() => ({ startOutboxEngine: vi.fn(), stopOutboxEngine: vi.fn() }))
vi.mock('./outbox.ts', () => engine)

/** Writes an outbox item straight into IndexedDB, past Dexie: no live query hears of it. */
async function writeBehindDexiesBack(id: string): Promise<void> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('de-hieu')
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction('outbox', 'readwrite')
    tx.objectStore('outbox').put({ id, kind: 'watch_event', payload: {}, attempts: 0, nextAttemptAt: 0, createdAt: 0 })
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
  })
  idb.close()
}

/** Mounted, and every count it has made so far answered (none saw what is written after). */
async function mountedAndCounted(userId: number) {
  const counts = vi.spyOn(db.outbox, 'count')
  renderHook(() => useBackgroundSync(userId))
  await waitFor(() => expect(counts).toHaveBeenCalled())
  await Promise.all(counts.mock.results.map((result) => result.value))
  await settle()
  counts.mockRestore()
}

/** A few turns of fake-indexeddb and the live queries (it schedules with setImmediate). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

beforeEach(async () => {
  await db.open()
  await db.outbox.clear()
  await db.records.clear()
})

afterEach(async () => {
  cleanup()
  // The last test's engine import may still be on its way: let it land before the next test counts.
  await settle()
  engine.startOutboxEngine.mockClear()
})

describe('the sync engine starts', () => {
  it('not while the outbox is empty', async () => {
    await mountedAndCounted(1)
    window.dispatchEvent(new Event('online'))
    await settle()
    expect(engine.startOutboxEngine).not.toHaveBeenCalled()
  })

  it('at start, when the outbox already holds something', async () => {
    await writeBehindDexiesBack('w1')
    renderHook(() => useBackgroundSync(1))
    await waitFor(() => expect(engine.startOutboxEngine).toHaveBeenCalled())
  })

  it('on going online, for items written past the app', async () => {
    await mountedAndCounted(1)
    await writeBehindDexiesBack('w1')
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(engine.startOutboxEngine).toHaveBeenCalled())
  })

  it('on coming back to the tab, for items written past the app', async () => {
    await mountedAndCounted(1)
    await writeBehindDexiesBack('w1')
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(engine.startOutboxEngine).toHaveBeenCalled())
  })

  it('at start, for the open watch stretch of a page that died, now closed into the outbox', async () => {
    const event = { position_from: 0, position_to: 9, watched_seconds: 9, playback_rate: 1, occurred_at: new Date().toISOString(), video_id: 3 }
    await db.records.put({ key: 'stretch:s1', value: { event, savedAt: Date.now() - 120_000 } })
    renderHook(() => useBackgroundSync(1))
    await waitFor(() => expect(engine.startOutboxEngine).toHaveBeenCalled())
    expect(await db.outbox.get('s1')).toMatchObject({ kind: 'watch_event', payload: event })
  })

  it('for no one signed in', async () => {
    await writeBehindDexiesBack('w1')
    renderHook(() => useBackgroundSync(undefined))
    await settle()
    expect(engine.startOutboxEngine).not.toHaveBeenCalled()
  })
})
