import { afterEach, expect, it, vi } from 'vitest'
import { prefetchVideoDetail, takeVideoDetail } from './video-detail.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function stubDetails() {
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ data: { id: Number(url.split('/').at(-1)) } }), { status: 200, headers: { 'content-type': 'application/json' } }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

it('the page opened by a press on a card takes the detail asked for at the press, once', async () => {
  const fetch = stubDetails()
  prefetchVideoDetail(5)
  expect(fetch).toHaveBeenCalledTimes(1)
  expect(await takeVideoDetail(5)).toEqual({ data: { id: 5 } })
  expect(fetch).toHaveBeenCalledTimes(1)
  // Taken once: opening the page again asks again (a fresh grant).
  await takeVideoDetail(5)
  expect(fetch).toHaveBeenCalledTimes(2)
})

it('another video, or a press long ago, is asked for anew', async () => {
  const fetch = stubDetails()
  prefetchVideoDetail(5)
  expect(await takeVideoDetail(6)).toEqual({ data: { id: 6 } })
  expect(fetch).toHaveBeenCalledTimes(2)
  const now = performance.now()
  prefetchVideoDetail(7)
  vi.spyOn(performance, 'now').mockReturnValue(now + 60_000)
  await takeVideoDetail(7)
  expect(fetch).toHaveBeenCalledTimes(4)
})
