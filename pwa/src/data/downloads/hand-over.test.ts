import { describe, expect, it } from 'vitest'
import type { BackgroundFetchManagerLike, BackgroundFetchRegistrationLike, HandedDownload, HandedPart } from './background-fetch.ts'
import { createHandOver } from './hand-over.ts'
import type { PageLeaving } from './page-leaving.ts'

const part = (index: number): HandedPart => ({
  from: index * 2,
  count: 2,
  files: [`seg-${index * 2}.m4s`, `seg-${index * 2 + 1}.m4s`],
  name: `part-${index}.mp4`,
  url: `https://media.test/v/part-${index}`,
  key: `/offline-media/7/part-${index}.mp4`,
})

function registration(id: string): BackgroundFetchRegistrationLike {
  return Object.assign(new EventTarget(), { id, downloaded: 0, result: '' as const, abort: async () => true })
}

/** The browser's Background Fetch: records what it was asked to fetch; `running` holds fetches already under way. */
function fakeManager(running: string[] = [], refuse = false) {
  const fetched: { id: string; urls: string[]; title?: string }[] = []
  const manager: BackgroundFetchManagerLike = {
    async fetch(id, urls, options) {
      if (refuse) throw new Error('refused')
      fetched.push({ id, urls, title: options?.title })
      return registration(id)
    },
    async get(id) {
      return running.includes(id) ? registration(id) : undefined
    },
  }
  return { manager, fetched }
}

/** A page whose sight the test decides, and that can be made to leave. */
function fakePage(hidden = false) {
  const listeners = new Set<() => void>()
  const leaving: PageLeaving = {
    hidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    leaving,
    leave() {
      hidden = true
      for (const listener of listeners) listener()
    },
    listening: () => listeners.size,
  }
}

function setup(options: { hidden?: boolean; running?: string[]; refuse?: boolean; stored?: number } = {}) {
  const parts = [part(0), part(1), part(2)]
  const stored = new Set(parts.slice(0, options.stored ?? 0).map((p) => p.name))
  const browser = fakeManager(options.running, options.refuse)
  const page = fakePage(options.hidden)
  const handed: HandedDownload = { parts, variantText: '#EXTM3U', variantKey: '/offline-media/7/v.m3u8', masterKey: '/offline-media/7/master.m3u8', masterText: '#EXTM3U' }
  const handOver = createHandOver({
    manager: browser.manager,
    leaving: page.leaving,
    videoId: 7,
    title: 'Chợ Bến Thành',
    handed,
    missing: () => parts.filter((p) => !stored.has(p.name)),
  })
  return { handOver, browser, page, parts, stored, handed }
}

describe('handing a download over to Background Fetch', () => {
  it('keeps what the worker needs to finish without the page, every part included', () => {
    const { handOver, handed } = setup({ stored: 1 })
    expect(handOver.handed).toBe(handed)
    expect(handOver.handed.parts).toHaveLength(3)
  })

  it('in sight, a new download is fetched by the page: nothing is asked of the browser', async () => {
    const { handOver, browser } = setup({ running: ['dehieu-download:7'] })
    await expect(handOver.atStart(false)).resolves.toBeUndefined()
    expect(browser.fetched).toEqual([])
  })

  it('a resumed download the browser already fetches is followed, not fetched again', async () => {
    const { handOver, browser } = setup({ running: ['dehieu-download:7'] })
    const running = await handOver.atStart(true)
    expect(running?.id).toBe('dehieu-download:7')
    expect(browser.fetched).toEqual([])
  })

  it('out of sight, the parts not stored yet are handed over at once, under the video\'s title', async () => {
    const { handOver, browser, parts } = setup({ hidden: true, stored: 1 })
    const handed = await handOver.atStart(false)
    expect(handed?.id).toBe('dehieu-download:7')
    expect(browser.fetched).toEqual([{ id: 'dehieu-download:7', urls: [parts[1].url, parts[2].url], title: 'Chợ Bến Thành' }])
  })

  it('with every part stored, nothing goes to the browser, hidden or not', async () => {
    const { handOver, browser } = setup({ hidden: true, stored: 3, running: ['dehieu-download:7'] })
    await expect(handOver.atStart(true)).resolves.toBeUndefined()
    expect(browser.fetched).toEqual([])
  })

  it('when the page leaves mid-download, the parts still missing are handed over once and the page stops', async () => {
    const { handOver, browser, page, parts, stored } = setup()
    let stops = 0
    const watch = handOver.watchPage(new AbortController().signal, () => stops++)
    expect(watch.handing()).toBeUndefined()
    stored.add(parts[0].name)
    page.leave()
    page.leave() // a second word (pagehide after beforeunload) hands nothing more
    await expect(watch.handing()).resolves.toMatchObject({ id: 'dehieu-download:7' })
    expect(stops).toBe(1)
    expect(browser.fetched.map((fetch) => fetch.urls)).toEqual([[parts[1].url, parts[2].url]])
    watch.stop()
    expect(page.listening()).toBe(0)
  })

  it('a run already stopped (paused, removed) or with nothing missing hands nothing over when the page leaves', () => {
    const stopped = setup()
    const controller = new AbortController()
    controller.abort()
    const watchStopped = stopped.handOver.watchPage(controller.signal, () => expect.fail('the page was stopped'))
    stopped.page.leave()
    expect(watchStopped.handing()).toBeUndefined()

    const done = setup({ stored: 3 })
    const watchDone = done.handOver.watchPage(new AbortController().signal, () => expect.fail('the page was stopped'))
    done.page.leave()
    expect(watchDone.handing()).toBeUndefined()
    expect([...stopped.browser.fetched, ...done.browser.fetched]).toEqual([])
  })

  it('a refusal by the browser reaches the run through the hand-over it awaits', async () => {
    const { handOver, page } = setup({ refuse: true })
    const watch = handOver.watchPage(new AbortController().signal, () => undefined)
    page.leave()
    await expect(watch.handing()).rejects.toThrow('refused')
  })

  it('after the watch stopped, the page leaving hands nothing over', () => {
    const { handOver, page, browser } = setup()
    const watch = handOver.watchPage(new AbortController().signal, () => expect.fail('the page was stopped'))
    watch.stop()
    page.leave()
    expect(watch.handing()).toBeUndefined()
    expect(browser.fetched).toEqual([])
  })
})
