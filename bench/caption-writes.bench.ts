/**
 * Other requests while caption tracks are written (issue 45, item 5): 20 contributors' 1 MB WebVTT
 * files (4,000 cues each, the most a file may hold) PUT at once, while one client asks for the videos
 * list and /health one after the other. Reported: those requests' latency before the uploads (the
 * floor) and during them (p50, p99, max), and how long the 20 uploads took. Goal: no other request
 * waits more than about 100 ms. On SQLite, then on a throwaway PostgreSQL when it is installed. The API
 * runs in a child process (bench/servers/app-server.ts) so the clients' work is not on its event loop.
 */
import http from 'node:http'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
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

/** The videos list and /health, one after the other, until `until` settles: each request's latency. */
async function probe(server: { api: string }, token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const latencies: number[] = []
  while (!done) {
    latencies.push(await timed(`${server.api}/languages/vi/videos`, token))
    latencies.push(await timed(`${server.api}/health`, token))
  }
  return latencies
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

    const started = performance.now()
    const uploads = Promise.all(contributors.map((who) => put(who).then(() => true, () => false)))
    const { value: during, loopDelay } = await withLoopDelay(async () => (await probe(server, learner.token, uploads)).sort((a, b) => a - b))
    const uploadsMs = performance.now() - started
    const serverDuring = await serverLoopDelay(child.info.metricsUrl)
    const failedUploads = (await uploads).filter((ok) => !ok).length
    const maxMs = during[during.length - 1] ?? 0
    return {
      engine,
      floor: { p50Ms: quantile(floor, 0.5), maxMs: floor[floor.length - 1] ?? 0, loopDelay: floorLoopDelay, serverLoopDelay: floorServerLoopDelay },
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
  console.log(`    during the uploads: server ${loop(result.during.serverLoopDelay)}; bench process (probe and uploaders) ${loop(result.during.loopDelay)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`## Other requests during ${UPLOADS} concurrent 1 MB caption uploads`)
  const run = await runCaptionWritesBench(printCaptionWrites)
  if (run.postgresSkipped) console.log(`  PostgreSQL skipped: ${run.postgresSkipped}`)
}
