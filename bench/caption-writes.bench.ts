/**
 * Other requests while caption tracks are written (issue 45, item 5): 20 contributors' 1 MB WebVTT
 * files (4,000 cues each, the most a file may hold) PUT at once, while one client asks for the videos
 * list and /health one after the other. Reported: those requests' latency before the uploads (the
 * floor) and during them (p50, p99, max), and how long the 20 uploads took. Goal: no other request
 * waits more than about 100 ms. On SQLite, then on a throwaway PostgreSQL when it is installed.
 */
import http from 'node:http'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { signIn, startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { makeContributor } from '../sync-server/test-support/users.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

const UPLOADS = 20
const CUES = 4000
const GOAL_MS = 100

export interface CaptionWritesEngineResult {
  engine: string
  floor: { p50Ms: number; maxMs: number; loopDelay: LoopDelay }
  during: { requests: number; p50Ms: number; p99Ms: number; maxMs: number; loopDelay: LoopDelay }
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
 * How long the event loop was late (perf_hooks.monitorEventLoopDelay, 10 ms resolution): the server,
 * the probe and the uploading clients share this process's loop, so a late loop delays every request
 * the server answers, whatever its database does.
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
async function probe(server: TestServer, token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const latencies: number[] = []
  while (!done) {
    latencies.push(await timed(`${server.api}/languages/vi/videos`, token))
    latencies.push(await timed(`${server.api}/health`, token))
  }
  return latencies
}

async function runOn(engine: string, env: Record<string, string>): Promise<CaptionWritesEngineResult> {
  const server = await startTestServer({ checkAnswers: false, env })
  try {
    const learner = await signIn(server, 'bench.learner@example.com')
    const contributors = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const session = await signIn(server, `bench.captions${i}@example.com`)
        await makeContributor(server, session.user.id)
        const created = await fetch(`${server.api}/submissions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
          body: JSON.stringify({ submission: { title: `Bench ${i}`, proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: true } }),
        })
        const { data } = (await created.json()) as { data: { id: number } }
        return { token: session.token, submissionId: data.id, vtt: vttFile(i) }
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
    const { value: floor, loopDelay: floorLoopDelay } = await withLoopDelay(async () => {
      const latencies: number[] = []
      for (let i = 0; i < 50; i++) latencies.push(await timed(`${server.api}/languages/vi/videos`, learner.token), await timed(`${server.api}/health`, learner.token))
      return latencies.sort((a, b) => a - b)
    })

    const started = performance.now()
    const uploads = Promise.all(contributors.map((who) => put(who).then(() => true, () => false)))
    const { value: during, loopDelay } = await withLoopDelay(async () => (await probe(server, learner.token, uploads)).sort((a, b) => a - b))
    const uploadsMs = performance.now() - started
    const failedUploads = (await uploads).filter((ok) => !ok).length
    const maxMs = during[during.length - 1] ?? 0
    return {
      engine,
      floor: { p50Ms: quantile(floor, 0.5), maxMs: floor[floor.length - 1] ?? 0, loopDelay: floorLoopDelay },
      during: { requests: during.length, p50Ms: quantile(during, 0.5), p99Ms: quantile(during, 0.99), maxMs, loopDelay },
      uploadsMs,
      failedUploads,
      goalMet: maxMs <= GOAL_MS && failedUploads === 0,
    }
  } finally {
    await server.close()
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
  console.log(`    before the uploads: videos list and /health p50 ${ms(result.floor.p50Ms)}, max ${ms(result.floor.maxMs)}; ${loop(result.floor.loopDelay)}`)
  console.log(
    `    during ${UPLOADS} uploads of ${CUES} cues (${(result.uploadsMs / 1000).toFixed(1)} s in all, ${result.failedUploads} failed): ${result.during.requests} requests, p50 ${ms(result.during.p50Ms)}, p99 ${ms(result.during.p99Ms)}, max ${ms(result.during.maxMs)} (goal ≤ ${GOAL_MS} ms): ${result.goalMet ? 'met' : 'NOT met'}`,
  )
  console.log(`    during the uploads: ${loop(result.during.loopDelay)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`## Other requests during ${UPLOADS} concurrent 1 MB caption uploads`)
  const run = await runCaptionWritesBench(printCaptionWrites)
  if (run.postgresSkipped) console.log(`  PostgreSQL skipped: ${run.postgresSkipped}`)
}
