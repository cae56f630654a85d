import { describe, expect, it, vi } from 'vitest'
import { NETWORK_ONLY_PATHNAMES, routeAroundWorker } from './network-only.ts'

class FakePattern {
  constructor(readonly input: { pathname: string }) {}
}

describe('streamed media and download parts skip the service worker', () => {
  it('asks the browser to send /media/v/ requests (and the earlier /media/g/ ones) straight to the network', async () => {
    const addRoutes = vi.fn(() => Promise.resolve())
    const waited: Array<Promise<unknown>> = []
    const event = { addRoutes, waitUntil: (promise: Promise<unknown>) => void waited.push(promise) }
    expect(routeAroundWorker(event, { URLPattern: FakePattern })).toBe(true)
    await Promise.all(waited)
    expect(addRoutes).toHaveBeenCalledWith(NETWORK_ONLY_PATHNAMES.map((pathname) => ({ condition: { urlPattern: new FakePattern({ pathname }) }, source: 'network' })))
    expect(NETWORK_ONLY_PATHNAMES).toEqual(['/media/v/*', '/media/g/*'])
  })

  it('still installs where the browser has no static routing or refuses the rule', async () => {
    const waited: Array<Promise<unknown>> = []
    expect(routeAroundWorker({ waitUntil: (promise) => void waited.push(promise) }, { URLPattern: FakePattern })).toBe(false)
    const refusing = { addRoutes: () => Promise.reject(new TypeError('no')), waitUntil: (promise: Promise<unknown>) => void waited.push(promise) }
    expect(routeAroundWorker(refusing, { URLPattern: FakePattern })).toBe(true)
    await expect(Promise.all(waited)).resolves.toBeDefined()
  })
})
