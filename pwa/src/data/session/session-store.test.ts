import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../../contract/schemas/user.ts'
import { ROUTES, type RouteName } from '../../../../contract/routes.ts'
import { ApiError, NetworkError } from '../api.ts'
import { createSessionStore, type SessionApi } from './session-store.ts'

const user: User = {
  id: 1,
  email: 'mai@example.com',
  display_name: null,
  is_premium: false,
  premium: false,
  can_change_display_name: true,
  next_change_at: null,
  daily_goal_minutes: 15,
  is_admin: false,
  is_contributor: false,
  time_zone: 'Asia/Ho_Chi_Minh',
}

function fakeApi(overrides: Partial<Record<string, () => Promise<unknown>>> = {}) {
  const calls: string[] = []
  const api: SessionApi = {
    call: (async (name: RouteName) => {
      const { method, path } = ROUTES[name]
      calls.push(`${method} ${path}`)
      return await (overrides[`${method} ${path}`]?.() ?? Promise.resolve(method === 'GET' ? { ...user, display_name: 'Fresh' } : undefined))
    }) as SessionApi['call'],
  }
  return { api, calls }
}

beforeEach(() => localStorage.clear())

describe('session store', () => {
  it('is signed out without a token', () => {
    const store = createSessionStore({ api: fakeApi().api })
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: null })
  })

  it('shows a stored user at once, then refreshes it from /me', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const { api, calls } = fakeApi()
    const store = createSessionStore({ api })
    expect(store.getState()).toMatchObject({ status: 'signed-in', loading: true, user: { email: 'mai@example.com' } })
    await store.start()
    expect(calls).toEqual(['GET /me'])
    expect(store.getState()).toMatchObject({ status: 'signed-in', loading: false, user: { display_name: 'Fresh' } })
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ display_name: 'Fresh' })
  })

  it('tells its readers once at a start whose /me hands back the same person, and keeps that person the same object', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const { api } = fakeApi({ 'GET /me': async () => ({ ...user }) })
    const store = createSessionStore({ api })
    const stored = store.getState().user
    const told = vi.fn()
    store.subscribe(told)
    await store.start()
    expect(told).toHaveBeenCalledTimes(1) // loading ended; nothing else changed
    expect(store.getState()).toMatchObject({ status: 'signed-in', loading: false })
    expect(store.getState().user).toBe(stored)
  })

  it('is loading while a token has no known user yet', async () => {
    localStorage.setItem('token', 't')
    let answer!: (value: User) => void
    const { api } = fakeApi({ 'GET /me': () => new Promise<User>((resolve) => (answer = resolve)) })
    const store = createSessionStore({ api })
    const started = store.start()
    expect(store.getState().status).toBe('loading')
    answer(user)
    await started
    expect(store.getState().status).toBe('signed-in')
  })

  it('keeps the stored user when /me cannot be reached (offline)', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const { api } = fakeApi({ 'GET /me': () => Promise.reject(new NetworkError(new TypeError('offline'))) })
    const store = createSessionStore({ api })
    await store.start()
    expect(store.getState()).toMatchObject({ status: 'signed-in', loading: false, user: { email: user.email } })
  })

  it('sign-in stores token, user and session start, then refreshes; a new account is welcomed', async () => {
    const { api, calls } = fakeApi({
      'POST /auth/verify': () => Promise.resolve({ data: { token: 'new', user, is_new_user: true } }),
    })
    const store = createSessionStore({ api, now: () => 1_000 })
    const result = await store.verify('mai@example.com', '123456')
    expect(result.isNewUser).toBe(true)
    expect(calls).toEqual(['POST /auth/verify', 'GET /me'])
    expect(localStorage.getItem('token')).toBe('new')
    expect(localStorage.getItem('sessionStart')).toBe('1000')
    expect(store.getState()).toMatchObject({ status: 'signed-in', welcomePending: true })
    store.finishWelcome()
    expect(store.getState().welcomePending).toBe(false)
  })

  it('a failing refresh after sign-in changes nothing', async () => {
    const { api } = fakeApi({
      'POST /auth/verify': () => Promise.resolve({ data: { token: 'new', user, is_new_user: false } }),
      'GET /me': () => Promise.reject(new ApiError(500, { error: 'internal_error', message: 'boom' })),
    })
    const store = createSessionStore({ api })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await store.verify('mai@example.com', '123456')
    expect(store.getState()).toMatchObject({ status: 'signed-in', user: { email: user.email } })
  })

  it('logout forgets everything even when the server call fails, and tells listeners', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('sessionStart', '5')
    const { api, calls } = fakeApi({ 'POST /auth/logout': () => Promise.reject(new NetworkError(new TypeError('down'))) })
    const store = createSessionStore({ api })
    const signedOut = vi.fn()
    store.onSignOut(signedOut)
    await store.logout()
    expect(calls).toEqual(['POST /auth/logout'])
    expect([localStorage.getItem('token'), localStorage.getItem('user'), localStorage.getItem('sessionStart')]).toEqual([null, null, null])
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: 'logout' })
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('logout')
  })

  it('a deleted account is forgotten as by a logout (listeners clear local data) without a call, and goes to the start page, not /login', () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('sessionStart', '5')
    const { api, calls } = fakeApi()
    const store = createSessionStore({ api })
    const signedOut = vi.fn()
    store.onSignOut(signedOut)
    store.accountDeleted()
    expect(calls).toEqual([])
    expect([localStorage.getItem('token'), localStorage.getItem('user'), localStorage.getItem('sessionStart')]).toEqual([null, null, null])
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: null })
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('logout')
    // A late 401 from a call made before the deletion does not send anyone to /login.
    store.expire()
    expect(store.getState().ended).toBe(null)
  })

  it('sends to /login once: `ended` lasts until /login has shown, and a late 401 does not bring it back', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const store = createSessionStore({ api: fakeApi().api })
    await store.logout()
    expect(store.getState().ended).toBe('logout')
    store.loginShown()
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: null })
    // A call made before the logout answers 401 afterwards: no session ended now.
    const signedOut = vi.fn()
    store.onSignOut(signedOut)
    store.expire()
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: null })
    expect(signedOut).not.toHaveBeenCalled()
  })

  it('a 401 right after a logout keeps it a logout', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const store = createSessionStore({ api: fakeApi().api })
    await store.logout()
    store.expire()
    expect(store.getState().ended).toBe('logout')
  })

  it('a 401 clears token and user and marks the session as ended by the server', () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const store = createSessionStore({ api: fakeApi().api })
    store.expire()
    expect([localStorage.getItem('token'), localStorage.getItem('user')]).toEqual([null, null])
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: 'expired' })
  })

  /** A store of a signed-in person, with a sign-out listener to see how the session ends. */
  function signedInWithListener() {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(user))
    const store = createSessionStore({ api: fakeApi().api })
    const signedOut = vi.fn()
    store.onSignOut(signedOut)
    return { store, signedOut }
  }

  it('tells sign-out listeners a 401 ended the session, and clears `ended` once /login has shown', () => {
    const { store, signedOut } = signedInWithListener()
    store.expire()
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('expired')
    store.loginShown()
    expect(store.getState().ended).toBeNull()
  })

  it('follows a sign-out made in another tab', () => {
    const { store, signedOut } = signedInWithListener()
    localStorage.clear()
    store.syncFromStorage()
    expect(store.getState()).toMatchObject({ status: 'signed-out', ended: null })
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('other-tab')
  })

  it('measures the session from its start, or says it does not know', () => {
    const store = createSessionStore({ api: fakeApi().api, now: () => 10_000 })
    expect(store.sessionDuration()).toBeNull()
    localStorage.setItem('sessionStart', '4000')
    expect(store.sessionDuration()).toBe(6_000)
  })
})
