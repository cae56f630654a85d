/**
 * POST /watch_events ingest on the real server (batches of 500, UUIDv7 ids, day totals and per-video
 * progress updated) against raw better-sqlite3 inserting the same rows in transactions of 500, in the
 * same run. Goal: ≥ 0.5 of raw SQLite. A bare Express route that only inserts is measured beside them
 * as the reference for what HTTP and JSON alone cost on this machine. Goal (issue 16): ≥ 0.60 of raw
 * SQLite. On PostgreSQL: the same server with DATABASE_URL (a fresh database each round on a throwaway
 * PostgreSQL at default durability, bench/lib/postgres.ts) against raw pg multi-row inserts of the same
 * batches into that server, in the same rotation. Goal: ≥ 0.50 of raw pg.
 *
 * Every contender is warmed up first (a server runs for days; the first batches measure the JIT, not
 * the code), and the load comes from a keep-alive node:http client, which leaves more of the other
 * core to the server than fetch does.
 */
import http from 'node:http'
import { uuidv7 } from '../contract/index.ts'
import { startChildServer } from './lib/child-server.ts'
import { openRawPgWatchEvents, postgresUnavailable, startBenchPostgres, type BenchPostgres } from './lib/postgres.ts'
import { openRawWatchEvents, type WatchEventRow } from './lib/raw-watch-events.ts'

const BATCH = 500
const WARMUP_BATCHES = 20
const BATCHES = 200
const IN_FLIGHT = 4
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const EVENT_SPACING_MS = 10_000
const startOfEvents = () => Date.now() - (WARMUP_BATCHES + BATCHES) * BATCH * EVENT_SPACING_MS - 3_600_000


export interface WatchEventsBenchResult {
  events: number
  serverEventsPerSecond: number
  bareExpressInsertEventsPerSecond: number
  rawSqliteEventsPerSecond: number
  ratio: number
  bareExpressRatio: number
  goalMet: boolean
  /** Raw pg multi-row inserts of the same batches into PostgreSQL at default durability. */
  rawPostgresEventsPerSecond: number | null
  /** The server on PostgreSQL (DATABASE_URL), and its ratio to raw pg within each round (median). */
  postgresServerEventsPerSecond: number | null
  postgresRatio: number | null
  postgresGoalMet: boolean | null
  /** The PostgreSQL measured (version and durability settings), or why it was skipped. */
  postgres: string
}

/**
 * Batches of events 10 s apart, as the player writes them (one per 10 s of play), all within the last
 * 30 days (the server refuses older or future ones): 220 batches span about 13 days.
 */
function makeBatches(videoId: number, count: number, startMs: number): WatchEventRow[][] {
  return Array.from({ length: count }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const n = b * BATCH + i
      const at = startMs + n * EVENT_SPACING_MS
      return {
        client_id: uuidv7(at),
        video_id: videoId,
        position_from: (n * 10) % 80_000,
        position_to: ((n * 10) % 80_000) + 10,
        watched_seconds: 10,
        playback_rate: 1,
        occurred_at: new Date(at).toISOString(),
      }
    }),
  )
}

function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: Buffer): Promise<{ data: { accepted: string[]; rejected: unknown[] } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        } catch (error) {
          reject(error)
        }
      })
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** Events per second a server (in its own process) ingests, after a warm-up. */
async function serverRate(script: string, env: Record<string, string> = {}): Promise<number> {
  const server = await startChildServer<{ base: string; token: string; videoId: number }>(script, env)
  // noDelay: with Nagle's algorithm on, the last part of each 100 KB body waited for the server's
  // delayed ACK, and the load generator, not the server, set the pace (wrk and autocannon turn it off too).
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT, noDelay: true })
  try {
    const { base, token, videoId } = server.info
    const url = new URL(`${base}/watch_events`)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-time-zone': 'Asia/Ho_Chi_Minh' }
    const all = makeBatches(videoId, WARMUP_BATCHES + BATCHES, startOfEvents()).map((events) => Buffer.from(JSON.stringify({ events })))
    const send = async (bodies: Buffer[]) => {
      const queue = [...bodies]
      // A few requests in flight keep the server busy while the client reads answers, as many phones would.
      const sender = async () => {
        for (let body = queue.shift(); body; body = queue.shift()) {
          const result = await post(agent, url, headers, body)
          if (result.data.accepted.length !== BATCH) {
            throw new Error(`${script}: only ${result.data.accepted.length} of ${BATCH} accepted: ${JSON.stringify(result.data.rejected.slice(0, 2))}`)
          }
        }
      }
      await Promise.all(Array.from({ length: IN_FLIGHT }, sender))
    }
    await send(all.slice(0, WARMUP_BATCHES))
    const started = performance.now()
    await send(all.slice(WARMUP_BATCHES))
    return (BATCH * BATCHES) / ((performance.now() - started) / 1000)
  } finally {
    agent.destroy()
    await server.stop()
  }
}

function rawSqliteRate(): number {
  const raw = openRawWatchEvents('dehieu-bench-raw-')
  try {
    const batches = makeBatches(raw.videoId, WARMUP_BATCHES + BATCHES, startOfEvents())
    for (const events of batches.slice(0, WARMUP_BATCHES)) raw.insertBatch(events)
    const started = performance.now()
    for (const events of batches.slice(WARMUP_BATCHES)) raw.insertBatch(events)
    return (BATCH * BATCHES) / ((performance.now() - started) / 1000)
  } finally {
    raw.close()
  }
}

async function rawPostgresRate(server: BenchPostgres): Promise<number> {
  const raw = await openRawPgWatchEvents(server)
  try {
    const batches = makeBatches(raw.videoId, WARMUP_BATCHES + BATCHES, startOfEvents())
    for (const events of batches.slice(0, WARMUP_BATCHES)) await raw.insertBatch(events)
    const started = performance.now()
    for (const events of batches.slice(WARMUP_BATCHES)) {
      const inserted = await raw.insertBatch(events)
      if (inserted.length !== events.length) throw new Error(`raw pg: only ${inserted.length} of ${events.length} inserted`)
    }
    return (BATCH * BATCHES) / ((performance.now() - started) / 1000)
  } finally {
    await raw.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function runWatchEventsBench(): Promise<WatchEventsBenchResult> {
  // Rounds of each contender, interleaved in a rotating order: one slow moment of a busy machine then
  // moves neither side alone, nor always the same one.
  const servers: number[] = []
  const bare: number[] = []
  const raws: number[] = []
  const rawPgs: number[] = []
  const pgServers: number[] = []
  const unavailable = postgresUnavailable()
  const postgres = unavailable ? undefined : await startBenchPostgres()
  const contenders = [
    async () => servers.push(await serverRate('app-server.ts')),
    async () => bare.push(await serverRate('bare-express-insert.ts')),
    async () => raws.push(rawSqliteRate()),
    ...(postgres
      ? [
          async () => rawPgs.push(await rawPostgresRate(postgres)),
          async () => {
            const database = await postgres.createDatabase()
            try {
              pgServers.push(await serverRate('app-server.ts', { DATABASE_URL: database.url }))
            } finally {
              await database.drop()
            }
          },
        ]
      : []),
  ]
  let postgresDescription = unavailable ? `skipped: ${unavailable}` : ''
  try {
    if (postgres) postgresDescription = await postgres.describe()
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < contenders.length; i++) await contenders[(round + i) % contenders.length]()
    }
  } finally {
    postgres?.stop()
  }
  const server = median(servers)
  const raw = median(raws)
  // The ratio is taken within each round (the contenders ran back to back) and then the median of
  // those: raw SQLite alone swings by half between runs here (WAL checkpoints on a shared disk), and
  // pairing keeps a slow stretch from landing on one side of the ratio only.
  const ratio = median(servers.map((rate, round) => rate / raws[round]))
  const pgRatio = pgServers.length ? median(pgServers.map((rate, round) => rate / rawPgs[round])) : null
  return {
    events: BATCH * BATCHES,
    serverEventsPerSecond: server,
    bareExpressInsertEventsPerSecond: median(bare),
    rawSqliteEventsPerSecond: raw,
    ratio,
    bareExpressRatio: median(bare.map((rate, round) => rate / raws[round])),
    goalMet: ratio >= 0.6,
    rawPostgresEventsPerSecond: rawPgs.length ? median(rawPgs) : null,
    postgresServerEventsPerSecond: pgServers.length ? median(pgServers) : null,
    postgresRatio: pgRatio,
    postgresGoalMet: pgRatio === null ? null : pgRatio >= 0.5,
    postgres: postgresDescription,
  }
}
