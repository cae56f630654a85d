/** The app's one session store, wired to the API client's 401 handler, and its React hook. */
import { useSyncExternalStore } from 'react'
import { setUnauthorizedHandler } from '../unauthorized.ts'
import { createSessionStore, type SessionState } from './session-store.ts'

export const session = createSessionStore()
setUnauthorizedHandler(() => session.expire())

// A sign-in or sign-out in another tab of the app applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'token' || event.key === 'user') session.syncFromStorage()
  })
}

export function useSession(): SessionState {
  // The same snapshot on the server: prerendered pages are rendered signed out, as their visitors are.
  return useSyncExternalStore(session.subscribe, session.getState, session.getState)
}

/**
 * One part of the session (the status, the user): a component that reads only it renders again only
 * when it changes, not when /me's loading flag flips at every start. The frame and the pages read the
 * session this way.
 */
export function useSessionValue<T>(select: (state: SessionState) => T): T {
  const read = () => select(session.getState())
  return useSyncExternalStore(session.subscribe, read, read)
}
