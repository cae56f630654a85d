/**
 * A read of IndexedDB, not live: made when `deps` change (while `enabled`), its answer applied as a
 * transition like useLiveData's. For a screen that must not follow every write of a long run of them
 * (the review page during a first pull of 10,000 cards: a live query woke on each chunk's write and
 * counted the cards again), and reads again at the moments it names instead (each page written).
 * Keeps its last answer while disabled, so a screen handing back to its live query does not blink.
 */
import { startTransition, useEffect, useState } from 'react'

export function useReadAgain<T>(read: () => Promise<T>, deps: unknown[], enabled: boolean): T | undefined {
  const [answer, setAnswer] = useState<T | undefined>(undefined)
  useEffect(() => {
    if (!enabled) return
    let current = true
    void read().then(
      (value) => {
        if (current) startTransition(() => setAnswer(value))
      },
      // A read that fails (the database closing as the page leaves) leaves the last answer standing.
      () => undefined,
    )
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names when to read again
  }, [enabled, ...deps])
  return answer
}
