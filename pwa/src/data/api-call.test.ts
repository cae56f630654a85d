import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, pathOf } from './api-call.ts'

afterEach(() => vi.unstubAllGlobals())

describe('call', () => {
  it('sends the route of the table, with its parameters filled in and escaped', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetch)
    await call('account.signOutSession', undefined, { params: { id: 'a b/c' } })
    expect(fetch).toHaveBeenCalledWith('/api/v1/me/sessions/a%20b%2Fc', expect.objectContaining({ method: 'DELETE' }))
  })

  it('sends a JSON body typed by the route', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { accepted: [], duplicate: [], rejected: [] } }), { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    const answer = await call('ratings.create', { ratings: [] })
    expect(answer.data.accepted).toEqual([])
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"ratings":[]}')
  })

  it('types what it cannot check at run time', () => {
    expect(() => pathOf('account.signOutSession')).toThrow(/:id/)
    // @ts-expect-error call needs the path's parameters
    void (() => call('account.signOutSession'))
    // @ts-expect-error no such route
    void (() => call('ratings.nope', {}))
    // @ts-expect-error the body's shape is the route's schema's
    void (() => call('me.dailyGoal', { minutes: 3 }))
    expect(pathOf('videos.list', { code: 'vi' }, { level: 'beginner', q: '' })).toBe('/languages/vi/videos?level=beginner')
  })
})
