/**
 * Lie-fi: the network stops answering while navigator.onLine stays true and no event fires. The
 * connectivity state learns it from a request that got no answer and a probe that got none either, probes cheaply while down, and says
 * "up" the moment anything of ours answers, so the outbox sends at once rather than at its next tick.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItem } from '../db.ts'
import { createSyncEngine, startSyncTriggers, type OutboxStore, type SendResult } from '../outbox/sync-engine.ts'
import { createConnectivity } from './connectivity.ts'

/** A network that gives no answer until `answering` is set, as a proxy that resets connections. */
function network() {
  const state = { answering: false, requests: 0 }
  const fetch = vi.fn(async () => {
    state.requests += 1
    if (!state.answering) throw new TypeError('Failed to fetch')
    return new Response('{"status":"ok"}', { status: 200 })
  })
  return { state, fetch }
}

function connectivityOver(net: ReturnType<typeof network>, options: { browserOnline?: () => boolean; visible?: () => boolean } = {}) {
  return createConnectivity({
    browserOnline: options.browserOnline ?? (() => true), // lie-fi: the browser keeps saying online
    visible: options.visible ?? (() => true),
    probe: () => net.fetch().then(
      () => true,
      () => false,
    ),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  })
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('connectivity', () => {
  it('a request with no answer means down though the browser says online; a probe that answers brings it back at once', async () => {
    const net = network()
    const connectivity = connectivityOver(net)
    const heard: boolean[] = []
    connectivity.subscribe((up) => heard.push(up))
    expect(connectivity.isUp()).toBe(true)

    connectivity.reportNoAnswer()
    // The probe that confirms it gets no answer either.
    await vi.advanceTimersByTimeAsync(0)
    expect(net.state.requests).toBe(1)
    expect(connectivity.isUp()).toBe(false)
    expect(heard).toEqual([false])

    // Probes while down: 0.5 s, 1 s, then every 2 s in sight; none answers yet.
    await vi.advanceTimersByTimeAsync(500 + 1_000 + 2_000 + 2_000 + 2_000)
    expect(net.state.requests).toBe(6)
    expect(connectivity.isUp()).toBe(false)

    net.state.answering = true
    await vi.advanceTimersByTimeAsync(2_000)
    expect(connectivity.isUp()).toBe(true)
    expect(heard).toEqual([false, true])
    // Up: no more probes.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(net.state.requests).toBe(7)
  })

  it('one request with no answer while the origin still answers is not "down": nobody hears offline', async () => {
    const net = network()
    net.state.answering = true // the server answers; one request was reset or blocked
    const connectivity = connectivityOver(net)
    const heard: boolean[] = []
    connectivity.subscribe((up) => heard.push(up))
    connectivity.reportNoAnswer()
    connectivity.reportNoAnswer() // a second one while the first is checked: one probe
    await vi.advanceTimersByTimeAsync(0)
    expect(net.state.requests).toBe(1)
    expect(connectivity.isUp()).toBe(true)
    expect(heard).toEqual([])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(net.state.requests).toBe(1)
  })

  it('any answer of ours while down means up at once, without waiting for the probe', async () => {
    const net = network()
    const connectivity = connectivityOver(net)
    const back = vi.fn()
    connectivity.onUp(back)
    connectivity.reportNoAnswer()
    await vi.advanceTimersByTimeAsync(0)
    expect(connectivity.isUp()).toBe(false)
    connectivity.reportAnswer()
    expect(connectivity.isUp()).toBe(true)
    expect(back).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(net.state.requests).toBe(1) // only the probe that confirmed "down"
  })

  it('an answer heard while the probe is out keeps it up, whatever the probe says', async () => {
    const net = network()
    const connectivity = connectivityOver(net)
    const heard: boolean[] = []
    connectivity.subscribe((up) => heard.push(up))
    connectivity.reportNoAnswer()
    connectivity.reportAnswer()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(connectivity.isUp()).toBe(true)
    expect(heard).toEqual([])
  })

  it('does not probe while the browser says offline: its online event brings it back', async () => {
    const net = network()
    let online = true
    const connectivity = connectivityOver(net, { browserOnline: () => online })
    online = false
    connectivity.browserOffline()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(net.state.requests).toBe(0)
    online = true
    connectivity.browserOnline()
    expect(connectivity.isUp()).toBe(true)
  })

  it('the browser saying online again without its online event is noticed within a second', async () => {
    const net = network()
    let online = true
    const connectivity = connectivityOver(net, { browserOnline: () => online })
    const back = vi.fn()
    connectivity.onUp(back)
    online = false
    connectivity.browserOffline()
    await vi.advanceTimersByTimeAsync(20_000)
    // Firefox, in a page loaded while its switch was on: navigator.onLine true again, no event.
    online = true
    await vi.advanceTimersByTimeAsync(1_000)
    expect(connectivity.isUp()).toBe(true)
    expect(back).toHaveBeenCalledTimes(1)
    expect(net.state.requests).toBe(0)
  })

  it('started while the browser says offline, it notices the browser saying online again', async () => {
    const net = network()
    let online = false
    const connectivity = connectivityOver(net, { browserOnline: () => online })
    expect(connectivity.isUp()).toBe(false)
    await vi.advanceTimersByTimeAsync(5_000)
    online = true
    await vi.advanceTimersByTimeAsync(1_000)
    expect(connectivity.isUp()).toBe(true)
  })

  it('probes less often out of sight, and soon again once back in sight', async () => {
    const net = network()
    let visible = false
    const connectivity = connectivityOver(net, { visible: () => visible })
    connectivity.reportNoAnswer()
    await vi.advanceTimersByTimeAsync(0) // the probe that confirms it
    await vi.advanceTimersByTimeAsync(500 + 1_000 + 2_000 + 4_000 + 8_000)
    expect(net.state.requests).toBe(6)
    await vi.advanceTimersByTimeAsync(15_000) // the next one waits 16 s out of sight
    expect(net.state.requests).toBe(6)
    visible = true
    connectivity.visibleAgain()
    net.state.answering = true
    await vi.advanceTimersByTimeAsync(500)
    expect(connectivity.isUp()).toBe(true)
  })
})

describe('the outbox under lie-fi', () => {
  it('a send with no answer leaves the item due without back-off; the network answering again sends it within seconds', async () => {
    const net = network()
    const connectivity = connectivityOver(net)
    const items = new Map<string, OutboxItem>([['c1', { id: 'c1', kind: 'comment', payload: {}, attempts: 0, nextAttemptAt: 0, createdAt: 0 }]])
    const store: OutboxStore = {
      due: async (kind, now) => [...items.values()].filter((item) => item.kind === kind && item.nextAttemptAt <= now),
      remove: async (list) => list.forEach((item) => items.delete(item.id)),
      deadLetter: async () => {},
      retryLater: async (list, at) => list.forEach((item) => items.set(item.id, { ...item, attempts: item.attempts + 1, nextAttemptAt: at })),
      recordSync: async () => {},
    }
    const sent: string[] = []
    // The registry's send over this network: no answer is `unreachable` (and tells connectivity, as apiRequest does).
    const send = async (_kind: string, batch: OutboxItem[]): Promise<SendResult> => {
      try {
        await net.fetch()
        connectivity.reportAnswer()
        sent.push(...batch.map((item) => item.id))
        return { kind: 'answered', done: batch.map((item) => item.id), rejected: [] }
      } catch {
        connectivity.reportNoAnswer()
        return { kind: 'unreachable' }
      }
    }
    const engine = createSyncEngine({ store, send, kinds: [{ kind: 'comment', batch: 1 }], isOnline: connectivity.isUp, exclusive: (task) => task() })
    const triggers = startSyncTriggers(engine, { onUp: connectivity.onUp })
    await vi.advanceTimersByTimeAsync(0)
    expect(connectivity.isUp()).toBe(false)
    expect(items.get('c1')).toMatchObject({ attempts: 0, nextAttemptAt: 0 }) // no per-item back-off

    await vi.advanceTimersByTimeAsync(20_000) // a tunnel
    expect(sent).toEqual([])
    const backAt = Date.now()
    net.state.answering = true
    while (items.size > 0) await vi.advanceTimersByTimeAsync(100)
    expect(sent).toEqual(['c1'])
    expect(Date.now() - backAt).toBeLessThanOrEqual(2_000) // the probe's cap in sight (fake clock), not the 30 s tick
    triggers.stop()
  })
})
