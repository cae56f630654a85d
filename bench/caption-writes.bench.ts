/**
 * Other requests while caption tracks are written (issue 45, item 5): 20 contributors' 1 MB WebVTT
 * files (4,000 cues each, the most a file may hold) PUT at once, while one client asks for the videos
 * list and /health one after the other. Reported: those requests' latency before the uploads (the
 * floor) and during them (p50, p99, max), and how long the 20 uploads took. Goal: no other request
 * waits more than about 100 ms. On SQLite, then on a throwaway PostgreSQL when it is installed. The API
 * runs in a child process (bench/servers/app-server.ts) so the clients' work is not on its event loop,
 * and the probe in a worker thread so the uploaders' work is not on the probe's. The slowest request's
 * phases are printed; BENCH_TRACE=/tmp/x writes every request's, and the server's (app-server.ts).
 */
import fs from 'node:fs'
import http from 'node:http'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { startChildServer } from './lib/child-server.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

const UPLOADS = 20
const CUES = 4000
const GOAL_MS = 100

export interface CaptionWritesEngineResult {
  engine: string
  /** loopDelay: the bench process's (probe and uploaders); serverLoopDelay: the API process's. */
  floor: { p50Ms: number; maxMs: number; loopDelay: LoopDelay; serverLoopDelay: LoopDelay }
  during: { requests: number; overGoal: number; p50Ms: number; p99Ms: number; maxMs: number; loopDelay: LoopDelay; serverLoopDelay: LoopDelay }
  uploadsMs: number
  /** The slowest request during the uploads: when it was sent after they began, and when each of its phases came (ms after it was sent). */
  slowest?: { path: string; afterBurstMs: number; socketMs?: number; connectMs?: number; firstByteMs?: number; totalMs: number }
  /** Uploads that got no 200 (the connection closed while it waited its turn, say). */
  failedUploads: number
  goalMet: boolean
}

/** A WebVTT of CUES cues just under 1 MB: distinct Vietnamese lines, as a real transcript has. */
function vttFile(seed: number): string {
  const line = 'Hôm nay chúng ta đi chợ nổi Cái Răng, mua trái cây tươi và uống một ly cà phê sữa đá thật ngon'
  const cues: string[] = ['WEBVTT', '']
  const stamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 23)
  for (let i = 0; i < CUES; i++) cues.push(`${stamp(i)} --> ${stamp(i + 0.9)}`, `${line} (${seed}-${i}) ${line.slice(0, 60)}`, '')
  return cues.join('\n')
}

/**
 * How long an event loop was late (perf_hooks.monitorEventLoopDelay, 10 ms resolution): the API
 * server's (read from its metrics listener, prom-client's nodejs_eventloop_lag_*) delays every answer
 * it gives whatever its database does; the bench process's (the probe and the uploading clients) delays
 * the probe's own timing.
 */
export interface LoopDelay {
  p50Ms: number
  p99Ms: number
  maxMs: number
}

function loopDelayOf(histogram: IntervalHistogram): LoopDelay {
  const ms = (ns: number) => ns / 1e6
  return { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) }
}

async function withLoopDelay<T>(work: () => Promise<T>): Promise<{ value: T; loopDelay: LoopDelay }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  try {
    const value = await work()
    return { value, loopDelay: loopDelayOf(histogram) }
  } finally {
    histogram.disable()
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

/** One request's latency; one that fails (the server closed the connection while it waited) counts as long as it waited. */
async function timed(url: string, token: string): Promise<number> {
  const started = performance.now()
  await new Promise<void>((resolve) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve())
      response.on('error', () => resolve())
    })
    request.on('error', () => resolve())
  })
  return performance.now() - started
}

/**
 * The probe's loop, in a worker thread of its own: the learner asking for the videos list and /health
 * is another machine than the 20 uploaders, so its timing must not wait on their turns of this
 * process's loop (starting 20 fetches of 1 MB took it 20–75 ms at the burst's start, during which the
 * probe's own request waited for its socket). Each request on a new connection, as before. Posts, when
 * told to stop, every request's start (epoch ms), its phases (socket, connect, first byte, end: ms
 * after its start) and its path.
 */
const PROBE_WORKER = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const now = () => performance.timeOrigin + performance.now()
let stop = false
parentPort.once('message', () => (stop = true))
const timed = (url) => new Promise((resolve) => {
  const start = now()
  const phase = { url, start }
  const done = () => resolve({ ...phase, end: now() - start })
  const request = http.get(url, { headers: { authorization: 'Bearer ' + workerData.token }, agent: false }, (response) => {
    phase.firstByte = now() - start
    response.resume()
    response.on('end', done)
    response.on('error', done)
  })
  request.on('socket', (socket) => {
    phase.socket = now() - start
    socket.once('connect', () => (phase.connect = now() - start))
  })
  request.on('error', done)
})
;(async () => {
  const requests = []
  while (!stop) {
    requests.push(await timed(workerData.api + '/languages/vi/videos'))
    requests.push(await timed(workerData.api + '/health'))
  }
  parentPort.postMessage(requests)
})()
`

interface ProbedRequest {
  url: string
  /** Epoch ms. */
  start: number
  socket?: number
  connect?: number
  firstByte?: number
  end: number
}

/** The videos list and /health, one after the other (in a worker thread), until `until` settles. */
async function probe(server: { api: string }, token: string, until: Promise<unknown>): Promise<ProbedRequest[]> {
  const worker = new Worker(PROBE_WORKER, { eval: true, workerData: { api: server.api, token } })
  const requests = new Promise<ProbedRequest[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await until.catch(() => {})
  worker.postMessage('stop')
  const answered = await requests
  await worker.terminate()
  return answered
}

/** The server process's event-loop delay since the last scrape (prom-client resets its histogram on each). */
async function serverLoopDelay(metricsUrl: string): Promise<LoopDelay> {
  const text = await (await fetch(metricsUrl)).text()
  const seconds = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? Number.NaN)
  return { p50Ms: seconds('nodejs_eventloop_lag_p50_seconds') * 1000, p99Ms: seconds('nodejs_eventloop_lag_p99_seconds') * 1000, maxMs: seconds('nodejs_eventloop_lag_max_seconds') * 1000 }
}

async function runOn(engine: string, env: Record<string, string>): Promise<CaptionWritesEngineResult> {
  // The API in a process of its own, as in production where the uploaders are other machines: here the
  // probe and the 20 clients building and sending their bodies share only this process's loop.
  const child = await startChildServer<{ base: string; token: string; contributorTokens: string[]; metricsUrl: string }>('app-server.ts', {
    ...env,
    BENCH_CONTRIBUTORS: String(UPLOADS),
    BENCH_METRICS: '1',
  })
  const server = { api: child.info.base }
  const learner = { token: child.info.token }
  try {
    const contributors = await Promise.all(
      child.info.contributorTokens.map(async (token, i) => {
        const created = await fetch(`${server.api}/submissions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ submission: { title: `Bench ${i}`, proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true } }),
        })
        if (created.status !== 201 && created.status !== 200) throw new Error(`a submission answered ${created.status}: ${await created.text()}`)
        const { data } = (await created.json()) as { data: { id: number } }
        // Encoded once here: the uploaders' own work during the run is sending, as other machines' would be.
        return { token, submissionId: data.id, vtt: Buffer.from(vttFile(i)) }
      }),
    )
    const put = (who: (typeof contributors)[number]) =>
      fetch(`${server.api}/submissions/${who.submissionId}/captions/vi`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'text/vtt' },
        body: who.vtt,
      }).then(async (response) => {
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`a caption upload answered ${response.status}`)
      })
    // Warm: one track written and replaced once, and the probe's routes.
    await put(contributors[0]!)
    await serverLoopDelay(child.info.metricsUrl)
    const { value: floor, loopDelay: floorLoopDelay } = await withLoopDelay(async () => {
      const latencies: number[] = []
      for (let i = 0; i < 50; i++) latencies.push(await timed(`${server.api}/languages/vi/videos`, learner.token), await timed(`${server.api}/health`, learner.token))
      return latencies.sort((a, b) => a - b)
    })
    const floorServerLoopDelay = await serverLoopDelay(child.info.metricsUrl)

    const burstAt = performance.timeOrigin + performance.now()
    const started = performance.now()
    const uploads = Promise.all(contributors.map((who) => put(who).then(() => true, () => false)))
    const { value: probed, loopDelay } = await withLoopDelay(() => probe(server, learner.token, uploads))
    const during = probed.map((request) => request.end).sort((a, b) => a - b)
    // BENCH_TRACE=/tmp/x: every probe request's phases (epoch ms) to /tmp/x-client-ENGINE.jsonl, beside
    // the server's own trace (bench/servers/app-server.ts), to find what the slow ones waited on.
    if (process.env.BENCH_TRACE) {
      const lines = probed.map((r) => JSON.stringify({ url: r.url, start: r.start, socket: r.start + (r.socket ?? 0), connect: r.start + (r.connect ?? 0), headers: r.start + (r.firstByte ?? 0), end: r.start + r.end }))
      fs.writeFileSync(`${process.env.BENCH_TRACE}-client-${engine.split(' ')[0]}.jsonl`, [JSON.stringify({ burst: burstAt }), ...lines].join('\n'))
    }
    const slowest = probed.reduce<ProbedRequest | undefined>((worst, request) => (worst && worst.end >= request.end ? worst : request), undefined)
    const uploadsMs = performance.now() - started
    const serverDuring = await serverLoopDelay(child.info.metricsUrl)
    const failedUploads = (await uploads).filter((ok) => !ok).length
    const maxMs = during[during.length - 1] ?? 0
    return {
      engine,
      floor: { p50Ms: quantile(floor, 0.5), maxMs: floor[floor.length - 1] ?? 0, loopDelay: floorLoopDelay, serverLoopDelay: floorServerLoopDelay },
      slowest: slowest && { path: new URL(slowest.url).pathname, afterBurstMs: slowest.start - burstAt, socketMs: slowest.socket, connectMs: slowest.connect, firstByteMs: slowest.firstByte, totalMs: slowest.end },
      during: { requests: during.length, overGoal: during.filter((ms) => ms > GOAL_MS).length, p50Ms: quantile(during, 0.5), p99Ms: quantile(during, 0.99), maxMs, loopDelay, serverLoopDelay: serverDuring },
      uploadsMs,
      failedUploads,
      goalMet: maxMs <= GOAL_MS && failedUploads === 0,
    }
  } finally {
    await child.stop()
  }
}

/** Each engine's result as it comes (`onResult`), so a run cut short still says what it measured. */
export async function runCaptionWritesBench(onResult: (result: CaptionWritesEngineResult) => void = () => {}): Promise<{ results: CaptionWritesEngineResult[]; postgresSkipped?: string }> {
  const results = [await runOn('SQLite', {})]
  onResult(results[0]!)
  const skipped = postgresUnavailable()
  if (skipped) return { results, postgresSkipped: skipped }
  const postgres = await startBenchPostgres()
  try {
    const database = await postgres.createDatabase()
    try {
      results.push(await runOn(await postgres.describe(), { DATABASE_URL: database.url }))
      onResult(results[1]!)
    } finally {
      await database.drop()
    }
  } finally {
    postgres.stop()
  }
  return { results }
}

export function printCaptionWrites(result: CaptionWritesEngineResult): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`
  console.log(`  ${result.engine}`)
  const loop = (delay: LoopDelay) => `event loop late p50 ${ms(delay.p50Ms)}, p99 ${ms(delay.p99Ms)}, max ${ms(delay.maxMs)}`
  console.log(`    before the uploads: videos list and /health p50 ${ms(result.floor.p50Ms)}, max ${ms(result.floor.maxMs)}; server ${loop(result.floor.serverLoopDelay)}; bench process ${loop(result.floor.loopDelay)}`)
  console.log(
    `    during ${UPLOADS} uploads of ${CUES} cues (${(result.uploadsMs / 1000).toFixed(1)} s in all, ${result.failedUploads} failed): ${result.during.requests} requests, p50 ${ms(result.during.p50Ms)}, p99 ${ms(result.during.p99Ms)}, max ${ms(result.during.maxMs)} (goal ≤ ${GOAL_MS} ms): ${result.goalMet ? 'met' : 'NOT met'}, ${result.during.overGoal} over it`,
  )
  const slow = result.slowest
  if (slow) {
    const at = (value: number | undefined) => (value === undefined ? 'never' : ms(value))
    console.log(`    slowest: ${slow.path} sent ${ms(slow.afterBurstMs)} after the uploads began; its socket at ${at(slow.socketMs)}, connected ${at(slow.connectMs)}, first byte ${at(slow.firstByteMs)}, done ${ms(slow.totalMs)}`)
  }
  console.log(`    during the uploads: server ${loop(result.during.serverLoopDelay)}; bench process (probe and uploaders) ${loop(result.during.loopDelay)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`## Other requests during ${UPLOADS} concurrent 1 MB caption uploads`)
  const run = await runCaptionWritesBench(printCaptionWrites)
  if (run.postgresSkipped) console.log(`  PostgreSQL skipped: ${run.postgresSkipped}`)
}
