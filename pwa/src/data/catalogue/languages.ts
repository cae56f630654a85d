/**
 * The language list: Dexie holds the last-known list (read with useLiveData), and the network refreshes
 * it. Loads start only once the session is signed in and done loading (spec section 4); a failure is
 * logged and only ends the loading state, the cached list stays on screen.
 */
import { useSyncExternalStore } from 'react'
import { useLiveData } from '../use-live-data.ts'
import { NetworkError } from '../api.ts'
import { call } from '../api-call.ts'
import { db, type CachedLanguage } from '../db.ts'
import { saveLanguages } from '../local-cache.ts'

export type LanguagesFetchState = 'idle' | 'loading' | 'done' | 'offline' | 'failed'

let fetchState: LanguagesFetchState = 'idle'
let inFlight: Promise<void> | null = null
const listeners = new Set<() => void>()

function setFetchState(next: LanguagesFetchState) {
  fetchState = next
  for (const listener of listeners) listener()
}

export function refreshLanguages(): Promise<void> {
  if (inFlight) return inFlight
  setFetchState('loading')
  inFlight = call('languages.list')
    .then(async ({ data }) => {
      await saveLanguages(data)
      setFetchState('done')
    })
    .catch((error: unknown) => {
      console.warn('Could not load languages', error)
      setFetchState(error instanceof NetworkError ? 'offline' : 'failed')
    })
    .finally(() => {
      inFlight = null
    })
  return inFlight
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useLanguagesFetchState(): LanguagesFetchState {
  return useSyncExternalStore(subscribe, () => fetchState, () => fetchState)
}

/** The cached list in the server's order; undefined while IndexedDB is being read. */
export function useCachedLanguages(): CachedLanguage[] | undefined {
  return useLiveData(() => db.languages.orderBy('order').toArray(), [])
}
