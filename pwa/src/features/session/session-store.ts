/**
 * The session (spec section 4). Three states drive every redirect:
 * - loading: a token is stored but no user is known yet, and /me is being fetched;
 * - signed-in: a token and a user are known (a stored user shows at once while /me refreshes it, so
 *   the installed app opens offline with the last-known user);
 * - signed-out: no token.
 * Sign-in stores token, user and the session start; sign-out forgets them even when the server call
 * fails; a 401 from any authenticated call forgets token and user and sends the person to /login.
 */
import type { User } from '../../../../contract/schemas/user.ts'
import type { VerifyResponse } from '../../../../contract/schemas/auth.ts'
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../../data/storage.ts'

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out'

export interface SessionState {
  status: SessionStatus
  user: User | null
  /** True while /me is being fetched (spec: "a loading flag stays on until the attempt ends"). */
  loading: boolean
  /**
   * How the last session on this page ended: 'logout' or 'expired' (a 401). Either way the guards send
   * the person to /login rather than /; only 'expired' tells them their session ended.
   */
  ended: 'logout' | 'expired' | null
  /** A brand-new account just signed in: it is shown the first-run welcome (/register) once. */
  welcomePending: boolean
}

export interface SessionApi {
  get<T>(path: string, options?: { timeoutMs?: number }): Promise<T>
  post<T>(path: string, body?: unknown, options?: { token?: string | null; timeoutMs?: number }): Promise<T>
}

type Listener = () => void

/**
 * The API client, fetched on first use: with no stored token (every visitor of the public pages) the
 * session makes no call until someone signs in, so the client stays off those pages' first load.
 */
const lazyApi: SessionApi = {
  get: (path, options) => import('../../data/api.ts').then(({ api }) => api.get(path, options)),
  post: (path, body, options) => import('../../data/api.ts').then(({ api }) => api.post(path, body, options)),
}

const ME_TIMEOUT_MS = 10_000
const LOGOUT_TIMEOUT_MS = 5_000

export function createSessionStore(deps: { api?: SessionApi; now?: () => number } = {}) {
  const api = deps.api ?? lazyApi
  const now = deps.now ?? Date.now
  const listeners = new Set<Listener>()
  const signOutListeners = new Set<Listener>()
  let welcomePending = false
  let state: SessionState = compute(readJson<User>(STORAGE_KEYS.user), Boolean(readString(STORAGE_KEYS.token)), null)

  function compute(user: User | null, loading: boolean, ended: SessionState['ended']): SessionState {
    const token = readString(STORAGE_KEYS.token)
    const status: SessionStatus = !token ? 'signed-out' : user ? 'signed-in' : loading ? 'loading' : 'signed-out'
    return { status, user: token ? user : null, loading, ended: token ? null : ended, welcomePending: Boolean(token) && welcomePending }
  }

  function set(next: SessionState) {
    state = next
    for (const listener of listeners) listener()
  }

  function storeUser(user: User) {
    writeJson(STORAGE_KEYS.user, user)
    set(compute(user, state.loading, null))
  }

  function forget(how: 'logout' | 'expired') {
    const wasSignedIn = readString(STORAGE_KEYS.token) !== null
    writeString(STORAGE_KEYS.token, null)
    writeString(STORAGE_KEYS.user, null)
    // Spec section 4: logout also forgets the session start; a 401 clears token and user.
    if (how === 'logout') writeString(STORAGE_KEYS.sessionStart, null)
    welcomePending = false
    set(compute(null, false, how))
    if (wasSignedIn) for (const listener of signOutListeners) listener()
  }

  /** Fetches /me; a network failure keeps the stored user (offline), a 401 is handled by expire(). */
  async function refresh(): Promise<User | null> {
    if (!readString(STORAGE_KEYS.token)) return null
    set(compute(state.user, true, state.ended))
    try {
      const user = await api.get<User>('/me', { timeoutMs: ME_TIMEOUT_MS })
      if (readString(STORAGE_KEYS.token)) storeUser(user)
      return user
    } catch (error) {
      // The client is loaded by now (it made the call); if even that failed, the network did.
      const client = await import('../../data/api.ts').catch(() => null)
      if (client && !(error instanceof client.NetworkError)) console.warn('Could not refresh the current user', error)
      return null
    } finally {
      set(compute(state.user, false, state.ended))
    }
  }

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Runs whenever a signed-in person is signed out (logout or 401): clear local caches here. */
    onSignOut(listener: Listener) {
      signOutListeners.add(listener)
      return () => void signOutListeners.delete(listener)
    },
    /** On app start: show the stored user at once, then ask the server who this is. */
    start(): Promise<User | null> {
      return refresh()
    },
    refresh,
    requestCode: (email: string) => api.post<unknown>('/auth/register', { email }),
    async verify(email: string, otp: string): Promise<{ user: User; isNewUser: boolean }> {
      const { data } = await api.post<VerifyResponse>('/auth/verify', { email, otp })
      writeString(STORAGE_KEYS.token, data.token)
      writeString(STORAGE_KEYS.sessionStart, String(now()))
      welcomePending = data.is_new_user
      storeUser(data.user)
      // The spec refreshes right after sign-in; its failure changes nothing.
      await refresh().catch(() => null)
      return { user: state.user ?? data.user, isNewUser: data.is_new_user }
    },
    async logout(): Promise<void> {
      const token = readString(STORAGE_KEYS.token)
      forget('logout')
      if (!token) return
      try {
        await api.post('/auth/logout', undefined, { token, timeoutMs: LOGOUT_TIMEOUT_MS })
      } catch {
        // Spec: a logout failure is ignored; this device has already forgotten the session.
      }
    },
    /** Any 401 from an authenticated call. */
    expire(): void {
      forget('expired')
    },
    setUser: storeUser,
    /** Another tab signed in or out: follow what storage now says. */
    syncFromStorage(): void {
      const hadToken = state.status !== 'signed-out'
      set(compute(readJson<User>(STORAGE_KEYS.user), false, state.ended))
      if (hadToken && state.status === 'signed-out') for (const listener of signOutListeners) listener()
    },
    /** The first-run welcome is done (or skipped): /login and / go to /languages from now on. */
    finishWelcome(): void {
      welcomePending = false
      set(compute(state.user, state.loading, state.ended))
    },
    /** Milliseconds since sign-in, or null when the start is unknown (spec: sessionDuration). */
    sessionDuration(): number | null {
      const start = Number(readString(STORAGE_KEYS.sessionStart))
      return start > 0 ? Math.max(0, now() - start) : null
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
