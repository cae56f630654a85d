/**
 * The session (spec section 4). Three states drive every redirect:
 * - loading: a token is stored but no user is known yet, and /me is being fetched;
 * - signed-in: a token and a user are known (a stored user shows at once while /me refreshes it, so
 *   the installed app opens offline with the last-known user);
 * - signed-out: no token.
 * Sign-in stores token, user and the session start; sign-out forgets them even when the server call
 * fails; a 401 from any authenticated call forgets token and user and sends the person to /login.
 * Either way the person is sent to /login once (`ended`, until /login has shown); afterwards a
 * signed-out visitor of a signed-in page goes to / like anyone else.
 */
import type { User } from '../../../../contract/schemas/user.ts'
import type { call } from '../api-call.ts'
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../storage.ts'

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out'
export type SignOutReason = 'logout' | 'expired'

export interface SessionState {
  status: SessionStatus
  user: User | null
  /** True while /me is being fetched (spec: "a loading flag stays on until the attempt ends"). */
  loading: boolean
  /**
   * The session on this page has just ended, by 'logout' or 'expired' (a 401), and /login has not shown
   * yet: until it has, the app sends the person there from any page (only 'expired' tells them their
   * session ended). /login clears it (loginShown), so later visits follow the signed-out rules.
   */
  ended: SignOutReason | null
  /** A brand-new account just signed in: it is shown the first-run welcome (/register) once. */
  welcomePending: boolean
}

/** The typed API door (api-call.ts), as the session uses it. */
export interface SessionApi {
  call: typeof call
}

type Listener = () => void
/** How a signed-in person was signed out: here by logout or a 401, or by another tab of the app. */
type SignOutListener = (how: SignOutReason | 'other-tab') => void

/**
 * The API client, fetched on first use: with no stored token (every visitor of the public pages) the
 * session makes no call until someone signs in, so the client stays off those pages' first load.
 */
const lazyApi: SessionApi = {
  call: ((...args: unknown[]) => import('../api-call.ts').then((client) => (client.call as (...rest: unknown[]) => Promise<unknown>)(...args))) as typeof call,
}

const ME_TIMEOUT_MS = 10_000
const LOGOUT_TIMEOUT_MS = 5_000

export function createSessionStore(deps: { api?: SessionApi; now?: () => number } = {}) {
  const api = deps.api ?? lazyApi
  const now = deps.now ?? Date.now
  const listeners = new Set<Listener>()
  const signOutListeners = new Set<SignOutListener>()
  let welcomePending = false
  let state: SessionState = compute(readJson<User>(STORAGE_KEYS.user), Boolean(readString(STORAGE_KEYS.token)), null)

  function compute(user: User | null, loading: boolean, ended: SessionState['ended']): SessionState {
    const token = readString(STORAGE_KEYS.token)
    const status: SessionStatus = !token ? 'signed-out' : user ? 'signed-in' : loading ? 'loading' : 'signed-out'
    return { status, user: token ? user : null, loading, ended: token ? null : ended, welcomePending: Boolean(token) && welcomePending }
  }

  /**
   * A state equal to the current one is not a change: the start's /me refresh says "loading" and hands
   * back the same person, and every new object made each page that reads the session render again (a
   * render under way when it changed was redone whole, in one pass that held the main thread).
   */
  function set(next: SessionState) {
    const user = next.user && state.user && JSON.stringify(next.user) === JSON.stringify(state.user) ? state.user : next.user
    if (user === state.user && next.status === state.status && next.loading === state.loading && next.ended === state.ended && next.welcomePending === state.welcomePending) return
    state = { ...next, user }
    for (const listener of listeners) listener()
  }

  function storeUser(user: User) {
    writeJson(STORAGE_KEYS.user, user)
    set(compute(user, state.loading, null))
  }

  function forget(how: SignOutReason) {
    const wasSignedIn = readString(STORAGE_KEYS.token) !== null
    writeString(STORAGE_KEYS.token, null)
    writeString(STORAGE_KEYS.user, null)
    // Spec section 4: logout also forgets the session start; a 401 clears token and user.
    if (how === 'logout') writeString(STORAGE_KEYS.sessionStart, null)
    welcomePending = false
    // Only the end of a session sends anyone to /login: a late 401 to a call made before a logout
    // (or after /login has shown) leaves the signed-out person where they are.
    set(compute(null, false, wasSignedIn ? how : state.ended))
    if (wasSignedIn) for (const listener of signOutListeners) listener(how)
  }

  /** Fetches /me; a network failure keeps the stored user (offline), a 401 is handled by expire(). */
  async function refresh(): Promise<User | null> {
    if (!readString(STORAGE_KEYS.token)) return null
    set(compute(state.user, true, state.ended))
    try {
      const user = await api.call('me.get', undefined, { timeoutMs: ME_TIMEOUT_MS })
      if (readString(STORAGE_KEYS.token)) storeUser(user)
      return user
    } catch (error) {
      // The client is loaded by now (it made the call); if even that failed, the network did.
      const client = await import('../api.ts').catch(() => null)
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
    /** Runs whenever a signed-in person is signed out (logout, 401, another tab): clear local caches here. */
    onSignOut(listener: SignOutListener) {
      signOutListeners.add(listener)
      return () => void signOutListeners.delete(listener)
    },
    /** On app start: show the stored user at once, then ask the server who this is. */
    start(): Promise<User | null> {
      return refresh()
    },
    refresh,
    requestCode: (email: string) => api.call('auth.register', { email }),
    async verify(email: string, otp: string): Promise<{ user: User; isNewUser: boolean }> {
      const { data } = await api.call('auth.verify', { email, otp })
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
        await api.call('auth.logout', undefined, { token, timeoutMs: LOGOUT_TIMEOUT_MS })
      } catch {
        // Spec: a logout failure is ignored; this device has already forgotten the session.
      }
    },
    /**
     * The account was just deleted: forgotten as by a logout (the sign-out listeners clear the local
     * data), but the person goes to the start page, not to /login: there is no account to sign in to.
     */
    accountDeleted(): void {
      forget('logout')
      set(compute(null, false, null))
    },
    /** Any 401 from an authenticated call. */
    expire(): void {
      forget('expired')
    },
    /** /login has shown after the session ended: from now on signed-out visitors go to / as usual. */
    loginShown(): void {
      if (state.ended) set(compute(state.user, state.loading, null))
    },
    setUser: storeUser,
    /** Another tab signed in or out: follow what storage now says. */
    syncFromStorage(): void {
      const hadToken = state.status !== 'signed-out'
      set(compute(readJson<User>(STORAGE_KEYS.user), false, state.ended))
      if (hadToken && state.status === 'signed-out') for (const listener of signOutListeners) listener('other-tab')
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

