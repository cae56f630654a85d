/**
 * useLiveQuery, with its answers applied as a transition. A signed-in start opens a page whose parts
 * each follow a table (downloads, watch progress, the outbox, comments): their first answers arrive
 * one by one from IndexedDB right after the first render, and each, applied as an ordinary update,
 * re-rendered its part in one pass that held the main thread (on the videos page, the card grid five
 * times over, a long task of a tenth of a second on a phone). As transitions, answers that arrive
 * together render together, in slices that leave the browser free to paint and answer a tap.
 */
import { liveQuery, type Observable } from 'dexie'
import { useObservable, type InteropableObservable } from 'dexie-react-hooks'
import { startTransition } from 'react'

type Next<T> = (value: T) => void

/** The same answers, each handed on inside startTransition. */
function asTransitions<T>(source: Observable<T>): InteropableObservable<T> {
  return {
    subscribe(next: Next<T>, error?: (reason: unknown) => void) {
      return source.subscribe({
        next: (value) => startTransition(() => next(value)),
        error: (reason) => error?.(reason),
      })
    },
  }
}

export function useLiveData<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined
export function useLiveData<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: D): T | D
export function useLiveData<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult?: D): T | D | undefined {
  return useObservable<T, D | undefined>(() => asTransitions(liveQuery(querier)), deps, defaultResult)
}
