/**
 * The browser's outbox flush: 10,000 watch events queued in IndexedDB while offline, then the time
 * from `online` until the app's sync engine has sent them all (batches of 500) and emptied the
 * outbox, measured in Chromium against the real server serving the built app (run `npm run build`
 * first). Goal: under 5 s.
 * Its lie-fi variant (runLieFiFlushBench): the network stops answering while the browser says online,
 * then answers again with no event; goal: the queue drained within 3 s of that.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { uuidv7 } from '../contract/ids.ts'
import { seedVideo } from '../sync-server/test-support/catalogue-fixtures.ts'
import { signIn, startTestServer } from '../sync-server/test-support/test-server.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DIST = path.join(ROOT, 'dist', 'pwa')
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const EVENTS = 10_000
const GOAL_MS = 5_000

export interface OutboxFlushBenchResult {
  events: number
  flushMs: number
  eventsPerSecond: number
  storedOnServer: number
  goalMet: boolean
}

interface QueuedItem {
  id: string
  kind: 'watch_event'
  payload: Record<string, unknown>
  attempts: number
  nextAttemptAt: number
  createdAt: number
}

/** Ten thousand plausible events: 5 s each, over the last few hours, time-ordered ids. */
function makeItems(videoId: number): QueuedItem[] {
  const start = Date.now() - EVENTS * 1000
  return Array.from({ length: EVENTS }, (_, i) => {
    const at = start + i * 1000
    const from = (i % 100) * 5
    return {
      id: uuidv7(at),
      kind: 'watch_event',
      payload: { video_id: videoId, position_from: from, position_to: from + 5, watched_seconds: 5, playback_rate: 1, occurred_at: new Date(at).toISOString() },
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: at,
    }
  })
}

export async function runOutboxFlushBench(): Promise<OutboxFlushBenchResult> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('Build the app first: npm run build')
  const server = await startTestServer({ checkAnswers: false, pwaDist: DIST })
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: FLAGS })
  try {
    const videoId = await seedVideo(server, { access: 'free', duration: 600, title: 'Flush bench' })
    const session = await signIn(server, 'bench-outbox@example.com')
    const context = await browser.newContext({ baseURL: server.baseUrl })
    const page = await context.newPage()
    await page.goto('/apply')
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', JSON.stringify(user))
    }, session)
    await page.goto('/languages')
    // The signed-in chrome is up: the sync engine runs and the database is open at its version.
    await page.getByTestId('sync-indicator').waitFor()

    // Offline, the engine sends nothing: queue the events straight into the app's outbox store.
    await context.setOffline(true)
    await page.evaluate(async (items) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite')
        const store = tx.objectStore('outbox')
        for (const item of items) store.put(item)
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
      db.close()
    }, makeItems(videoId))

    // Back online: the `online` event starts the flush. The events went in past the app's enqueue, so
    // this also checks that the app finds them (data/background-sync.ts counts afresh on `online`). Timed in the page, from that event until the
    // outbox is empty (the engine removes each batch once the server has answered for it).
    await page.evaluate(() => {
      const target = window as unknown as { benchOnlineAt: Promise<number> }
      target.benchOnlineAt = new Promise((resolve) => window.addEventListener('online', () => resolve(performance.now()), { once: true }))
    })
    await context.setOffline(false)
    const flushMs = await page.evaluate(async () => {
      const onlineAt = await (window as unknown as { benchOnlineAt: Promise<number> }).benchOnlineAt
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      // (No named helper functions in here: tsx would wrap them in a `__name` the page does not have.)
      for (;;) {
        const left = await new Promise<number>((resolve, reject) => {
          const request = db.transaction('outbox').objectStore('outbox').count()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        if (left === 0) break
        if (performance.now() - onlineAt > 120_000) throw new Error('The outbox did not empty within 2 minutes')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      db.close()
      return performance.now() - onlineAt
    })
    const stored = (server.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM watch_events').get() as { n: number }).n
    await context.close()
    return { events: EVENTS, flushMs, eventsPerSecond: EVENTS / (flushMs / 1000), storedOnServer: stored, goalMet: flushMs < GOAL_MS && stored === EVENTS }
  } finally {
    await browser.close()
    await server.close()
  }
}

/** The lie-fi variant's queue: what a commute in a tunnel builds up (watch events, 5 s each). */
const LIE_FI_EVENTS = 200
const LIE_FI_GOAL_MS = 3_000

export interface LieFiFlushBenchResult {
  events: number
  /** From the network answering again until the outbox was empty. */
  drainMs: number
  /** From the network answering again until the app's first request was answered (its probe, as a rule). */
  firstAnswerMs: number
  /** From the network answering again until the app sent the queue. */
  firstSendMs: number
  /** Requests that got no answer while the network was cut (sends and probes). */
  unansweredRequests: number
  storedOnServer: number
  goalMet: boolean
}

/**
 * Lie-fi: the network stops answering (every request to the server reset) while the browser still says
 * online and fires no event, as in a tunnel. The app tries to send, gets no answer, and must notice by
 * itself when the server answers again. Measured in the page from the moment the connections are let
 * through again until the outbox is empty (goal: under 3 s; before issue 33 this waited for the 30 s
 * tick, or for the items' own back-off).
 */
export async function runLieFiFlushBench(): Promise<LieFiFlushBenchResult> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('Build the app first: npm run build')
  const server = await startTestServer({ checkAnswers: false, pwaDist: DIST })
  // As the real server does once listening (main.ts): the watch-event ingest thread is up before the
  // first batch, whose answer otherwise waits 1-2 s for it to start (measured in the engine suite).
  server.ctx.services.watchEvents.warmUp()
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: FLAGS })
  try {
    const videoId = await seedVideo(server, { access: 'free', duration: 600, title: 'Lie-fi bench' })
    const session = await signIn(server, 'bench-liefi@example.com')
    const context = await browser.newContext({ baseURL: server.baseUrl })
    const page = await context.newPage()
    await page.goto('/apply')
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('user', JSON.stringify(user))
    }, session)
    await page.goto('/languages')
    await page.getByTestId('sync-indicator').waitFor()

    // The tunnel: every API request is reset; navigator.onLine stays true.
    let unanswered = 0
    await context.route('**/api/v1/**', (route) => {
      unanswered += 1
      return route.abort('connectionreset')
    })
    await page.evaluate(async (items) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite')
        for (const item of items) tx.objectStore('outbox').put(item)
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
      db.close()
      // Back in sight (as after a glance at the phone): the app counts the outbox and tries to send.
      document.dispatchEvent(new Event('visibilitychange'))
    }, makeItems(videoId).slice(0, LIE_FI_EVENTS))
    // The app has tried and got no answer, and its probe has failed at least once.
    const deadline = Date.now() + 30_000
    while (unanswered < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    if (unanswered < 3) throw new Error('The app never tried to send in the tunnel')
    const onLine = await page.evaluate(() => navigator.onLine)
    if (!onLine) throw new Error('The browser said offline: this is not lie-fi')

    // Out of the tunnel: no event at all, the server simply answers again.
    await page.evaluate(() => {
      ;(window as unknown as { benchBackAt: number }).benchBackAt = performance.now()
    })
    const backAt = Date.now()
    let firstAnswerAt = 0
    let firstSendAt = 0
    page.on('response', (response) => {
      if (!firstAnswerAt && response.url().includes('/api/v1/')) firstAnswerAt = Date.now()
    })
    page.on('request', (request) => {
      if (!firstSendAt && request.url().endsWith('/api/v1/watch_events')) firstSendAt = Date.now()
    })
    await context.unroute('**/api/v1/**')
    const drainMs = await page.evaluate(async () => {
      const backAt = (window as unknown as { benchBackAt: number }).benchBackAt
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('de-hieu')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (;;) {
        const left = await new Promise<number>((resolve, reject) => {
          const request = db.transaction('outbox').objectStore('outbox').count()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        if (left === 0) break
        if (performance.now() - backAt > 120_000) throw new Error('The outbox did not empty within 2 minutes')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      db.close()
      return performance.now() - backAt
    })
    const stored = (server.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM watch_events').get() as { n: number }).n
    await context.close()
    return { events: LIE_FI_EVENTS, drainMs, firstAnswerMs: firstAnswerAt - backAt, firstSendMs: firstSendAt - backAt, unansweredRequests: unanswered, storedOnServer: stored, goalMet: drainMs < LIE_FI_GOAL_MS && stored === LIE_FI_EVENTS }
  } finally {
    await browser.close()
    await server.close()
  }
}

// `node --import tsx bench/outbox-flush.bench.ts` runs this one alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runOutboxFlushBench()
  console.log(`outbox flush: ${result.events} events in ${Math.round(result.flushMs)} ms (${Math.round(result.eventsPerSecond)} events/s), ${result.storedOnServer} stored; goal < ${GOAL_MS} ms: ${result.goalMet ? 'met' : 'NOT met'}`)
  const lieFi = await runLieFiFlushBench()
  console.log(`lie-fi: ${lieFi.events} events drained ${Math.round(lieFi.drainMs)} ms after the network answered again; goal < ${LIE_FI_GOAL_MS} ms: ${lieFi.goalMet ? 'met' : 'NOT met'}`)
}
