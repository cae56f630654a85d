import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pathOf } from './api-call.ts'
import { api } from './api.ts'
import { listQuery, NO_FILTERS } from './catalogue/catalogue.ts'
import { EARLY_ANSWER_FRESH_MS, takeEarlyAnswer } from './early-answers.ts'
import { pageGroupOf } from '../app/first-paint-groups.ts'

const preloadScript = fs.readFileSync(path.resolve(process.cwd(), 'public/signed-in-preload.js'), 'utf8')
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

/** Runs public/signed-in-preload.js as boot.js would, on `path`, with `fetch` answering `answer`. */
function runPreload(path: string, answer: (url: string) => unknown = () => ({ data: [] })) {
  window.history.pushState({}, '', path)
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'Content-Type': 'application/json' } }))
  vi.stubGlobal('fetch', fetch)
  new Function(preloadScript)()
  return fetch
}

beforeEach(() => {
  localStorage.setItem('token', 'tok-1')
  delete window.__dehieuEarly
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  localStorage.clear()
  document.head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"], meta[name="dehieu-preload"]').forEach((element) => element.remove())
})

describe('the calls a signed-in page starts before the app loads', () => {
  it("asks, on the videos page, for exactly the paths the app asks for first, so the app's calls take them", async () => {
    const fetch = runPreload('/languages/vi/videos')
    const asked = fetch.mock.calls.map(([url]) => url)
    const appPaths = [
      pathOf('me.get'),
      pathOf('me.dailyProgress'),
      pathOf('languages.list'),
      pathOf('videos.list', { code: 'vi' }, Object.fromEntries(new URLSearchParams(listQuery(NO_FILTERS, null)))),
    ]
    expect(asked.sort()).toEqual(appPaths.map((path) => `/api/v1${path}`).sort())
    // The app's first list call takes the answer already on its way: no second request.
    const page = await api.get<{ data: unknown[] }>(appPaths[3]!)
    expect(page).toEqual({ data: [] })
    expect(fetch).toHaveBeenCalledTimes(4)
    // Taken once: the next call of that path asks the server again.
    await api.get(appPaths[3]!)
    expect(fetch).toHaveBeenCalledTimes(5)
  })

  it("asks, on a video page, for the video, and preloads the poster its answer names", async () => {
    const fetch = runPreload('/languages/vi/videos/7', (url) => (url.endsWith('/videos/7') ? { data: { id: 7, thumbnail_url: '/media/abc/poster.jpg' } } : {}))
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/v1${pathOf('videos.get', { id: 7 })}`)
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe('/media/abc/poster.jpg'))
    // The app still reads the whole answer, after the script's copy.
    expect(await api.get(pathOf('videos.get', { id: 7 }))).toEqual({ data: { id: 7, thumbnail_url: '/media/abc/poster.jpg' } })
    expect(fetch).toHaveBeenCalledTimes(4)
  })

  it("preloads the videos page's first poster, and nothing that is not one of ours", async () => {
    runPreload('/languages/vi/videos', (url) => (url.includes('/videos?') ? { data: [{ thumbnail_url: '/media/first/poster.jpg' }, { thumbnail_url: '/media/second/poster.jpg' }] } : {}))
    await vi.waitFor(() => expect([...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'))).toEqual(['/media/first/poster.jpg']))
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove())
    runPreload('/languages/vi/videos', (url) => (url.includes('/videos?') ? { data: [{ thumbnail_url: 'https://elsewhere.example/x.jpg' }] } : {}))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull()
  })

  it('asks for nothing when nobody is signed in', () => {
    localStorage.clear()
    const fetch = runPreload('/languages/vi/videos')
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('takeEarlyAnswer', () => {
  const answer = (token: string, at = Date.now()) => ({ token, zone, at, response: Promise.resolve(new Response('{}')) })

  it('gives an answer only to a call with the same token and time zone, once', () => {
    window.__dehieuEarly = { '/me': answer('tok-1') }
    expect(takeEarlyAnswer('/me', 'tok-2', zone)).toBeUndefined()
    window.__dehieuEarly = { '/me': answer('tok-1') }
    expect(takeEarlyAnswer('/me', 'tok-1', 'Mars/Olympus')).toBeUndefined()
    window.__dehieuEarly = { '/me': answer('tok-1') }
    expect(takeEarlyAnswer('/me', 'tok-1', zone)).toBeDefined()
    expect(takeEarlyAnswer('/me', 'tok-1', zone)).toBeUndefined()
  })

  it('does not give an answer asked for too long ago: a later call goes to the network', () => {
    window.__dehieuEarly = { '/me': answer('tok-1', Date.now() - EARLY_ANSWER_FRESH_MS - 1) }
    expect(takeEarlyAnswer('/me', 'tok-1', zone)).toBeUndefined()
  })

  it('lets the call ask again when the early request failed', async () => {
    window.__dehieuEarly = { '/me': { token: 'tok-1', zone, at: Date.now(), response: Promise.reject(new TypeError('offline')) } }
    const fetch = vi.fn(async () => new Response('{"id":1}', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    expect(await api.get('/me')).toEqual({ id: 1 })
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('an early answer that never comes', () => {
  it("is held to the call's time-out: the call fails as offline instead of waiting for ever", async () => {
    window.__dehieuEarly = { '/me': { token: 'tok-1', zone, at: Date.now(), response: new Promise<Response>(() => {}) } }
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError')
      return new Response('{}')
    })
    vi.stubGlobal('fetch', fetch)
    await expect(api.get('/me', { timeoutMs: 20 })).rejects.toThrow('Network request failed')
  })
})

describe('the time zone of the early calls', () => {
  it('is the one the app last read; an answer asked with another is not taken, and the app keeps its own for next time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 120_000) // past the app's once-a-minute reading of the zone
    localStorage.setItem('timeZone', 'Pacific/Kiritimati')
    const fetch = runPreload('/languages/vi/videos')
    const early = fetch.mock.calls.find(([url]) => url === '/api/v1/me') as unknown as [string, { headers: Record<string, string> }]
    expect(early[1].headers['X-Time-Zone']).toBe('Pacific/Kiritimati')
    await api.get(pathOf('me.get'))
    // Asked again, with the zone the device is in now, which is kept for the next start.
    expect(fetch).toHaveBeenCalledTimes(5)
    expect(localStorage.getItem('timeZone')).toBe(zone)
  })
})

describe('the chunks a signed-in page preloads', () => {
  it('are the groups of the page main.tsx waits for, path by path', () => {
    const meta = document.createElement('meta')
    meta.name = 'dehieu-preload'
    meta.content = ['app', 'languages', 'videos', 'video'].map((group) => `${group}:${group}.js`).join(' ')
    document.head.append(meta)
    for (const path of ['/languages', '/languages/', '/languages/vi/videos', '/languages/vi/videos/', '/languages/vi/videos/12', '/languages/vi/progress', '/downloads', '/']) {
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove())
      runPreload(path)
      const preloaded = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))
      const group = pageGroupOf(path)
      expect(preloaded, path).toEqual(['/assets/app.js', ...(group ? [`/assets/${group}.js`] : [])])
    }
  })
})
