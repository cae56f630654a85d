/**
 * Runs the outbox's sync engine ((outbox.ts: engine, registry, store)) while someone is signed in,
 * and loads it only once the outbox holds something. On most starts the outbox is empty and the page
 * has no use for the engine. It starts when the outbox is found non-empty:
 * - by a live count, which sees at once what this app writes, in this tab or another;
 * - by a fresh count at start, on `online` and on becoming visible, which also sees items that got into
 *   IndexedDB some other way (a live query only hears of Dexie's own writes), such as the open watch
 *   stretch of a page that died, closed right before (data/progress/open-stretches.ts).
 * Starting flushes at once. Once started it runs until sign-out, as before.
 */
import { useLiveData } from '../use-live-data.ts'
import { useEffect, useState } from 'react'
import { db } from '../db.ts'
import { connectivity } from '../runtime/connectivity.ts'
import { closeAbandonedStretches } from '../progress/open-stretches.ts'

/** The loaded engine's stop, once it was started. */
let stopEngine: (() => void) | null = null

/** Stops the engine if it was started; nothing is sent under no session. */
export function stopBackgroundSync(): void {
  stopEngine?.()
}

/** Asks the running engine (loading it if need be) to send what is due now. */
export async function flushOutbox(): Promise<void> {
  const { syncEngine } = await import('./outbox.ts')
  await syncEngine.flush()
}

export function useBackgroundSync(userId: string | number | undefined): void {
  const pending = useLiveData(() => (userId === undefined ? 0 : db.outbox.count()), [userId], 0)
  // The session for which a fresh count found something.
  const [foundFor, setFoundFor] = useState<string | number | undefined>(undefined)
  const wanted = userId !== undefined && (pending > 0 || foundFor === userId)

  useEffect(() => {
    if (userId === undefined) return
    let live = true
    const look = () => {
      void closeAbandonedStretches()
        .catch(() => 0)
        .then(() => db.outbox.count())
        .then((count) => {
          if (live && count > 0) setFoundFor(userId)
        })
        .catch(() => undefined)
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') look()
    }
    look()
    const stopUp = connectivity.onUp(look)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      live = false
      stopUp()
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [userId])

  useEffect(() => {
    if (!wanted) return
    let cancelled = false
    void import('./outbox.ts').then(({ startOutboxEngine, stopOutboxEngine }) => {
      stopEngine = stopOutboxEngine
      if (!cancelled) startOutboxEngine()
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
