import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectivity } from '../data/runtime/connectivity.ts'
import { attachHls } from './hls-playback.ts'

/** hls.js as the player drives it: what it was asked to load, stop and start. */
const made: Array<{ calls: string[] }> = []
vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => true
    static Events = { MANIFEST_PARSED: 'manifestParsed', ERROR: 'error' }
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' }
    calls: string[] = []
    config: Record<string, unknown>
    constructor(config: Record<string, unknown>) {
      this.config = config
      made.push(this)
    }
    on() {}
    once() {}
    loadSource(src: string) {
      this.calls.push(`load ${new URL(src, 'http://app').pathname}`)
    }
    attachMedia() {}
    startLoad() {
      this.calls.push('start')
    }
    stopLoad() {
      this.calls.push('stop')
    }
    destroy() {}
  }
  return { default: FakeHls }
})

afterEach(() => {
  made.length = 0
  connectivity.browserOnline()
})

describe('an HLS source on a <video>', () => {
  it('streamed, stops loading when the network is gone and starts again when it is back', async () => {
    const playback = await attachHls(document.createElement('video'), '/media/v/abc/master.m3u8?grant=g', {})
    connectivity.browserOffline()
    connectivity.browserOnline()
    expect(made[0].calls).toEqual(['load /media/v/abc/master.m3u8', 'stop', 'start'])
    playback.destroy()
  })

  it('from a download, keeps loading from the device when the network is found gone', async () => {
    const playback = await attachHls(document.createElement('video'), '/offline-media/7/offline.m3u8', {})
    connectivity.browserOffline()
    expect(made[0].calls).toEqual(['load /offline-media/7/offline.m3u8'])
    playback.destroy()
  })
})
