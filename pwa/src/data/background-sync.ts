/**
 * Runs the outbox's sync engine (data/outbox.ts: engine, senders, store) while someone is signed in,
 * and loads it only once the outbox holds something. On most starts the outbox is empty and the page
 * has no use for the engine; the count is a live query, so an item enqueued on this page or in another
 * tab starts it within moments (starting flushes at once). Once started it runs until sign-out, as before.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { db } from './db.ts'

let engine: typeof import('./outbox.ts') | null = null

/** Stops the engine if it was started; nothing is sent under no session. */
export function stopBackgroundSync(): void {
  engine?.stopBackgroundSync()
}

/** Asks the running engine (loading it if need be) to send what is due now. */
export async function flushOutbox(): Promise<void> {
  const { syncEngine } = await import('./outbox.ts')
  await syncEngine.flush()
}

export function useBackgroundSync(userId: string | number | undefined): void {
  const pending = useLiveQuery(() => (userId === undefined ? 0 : db.outbox.count()), [userId], 0)
  const wanted = userId !== undefined && pending > 0

  useEffect(() => {
    if (!wanted) return
    let cancelled = false
    void import('./outbox.ts').then((outbox) => {
      engine = outbox
      if (!cancelled) outbox.startBackgroundSync()
    })
    // An outbox that empties leaves the engine running (it is cheap once loaded): only the session stops it.
    return () => {
      cancelled = true
    }
  }, [wanted, userId])

  useEffect(() => {
    if (userId === undefined) return
    return stopBackgroundSync
  }, [userId])
}
