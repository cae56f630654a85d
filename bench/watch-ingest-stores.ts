/**
 * `node --import tsx bench/watch-ingest-stores.ts`: the watch-event ingest's SQLite stores compared in-process
 * (no HTTP), the same 200 warm batches of 500 events through the same rules, to decide where the hot
 * path keeps hand-written SQL (issue 16: where the builder costs more than 5%).
 * The hand-written store (watch-ingest/store.sqlite.ts) against the Kysely repository
 * (watch-ingest/store.kysely.ts), both under the group commit of watch-ingest/sqlite-ingest.ts.
 * Five rounds each, alternating; printed: events/s and the median per-round ratio. Measured here:
 * Kysely = 0.52-0.53 of hand-written, so SQLite keeps its statements. (PostgreSQL was measured the same
 * way against a store sending the batch as arrays through unnest: Kysely = 0.97 of it, the time being
 * the database's, so PostgreSQL uses the Kysely repository as it is.)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { uuidv7 } from '../contract/index.ts'
import { openEngine, type Engine } from '../sync-server/src/db/engine.ts'
import { migrate } from '../sync-server/src/db/migrate.ts'
import { createKyselyIngestStore } from '../sync-server/src/watch-ingest/store.kysely.ts'
import type { UserRow } from '../sync-server/src/repositories/users.repository.ts'
import { checkWatchEvents } from '../sync-server/src/watch-ingest/check-events.ts'
import { createSqliteIngest } from '../sync-server/src/watch-ingest/sqlite-ingest.ts'

const BATCHES = 220
const WARMUP = 20
const N = 500
const ROUNDS = 5
const ZONE = 'Asia/Ho_Chi_Minh'

async function prepare() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-stores-'))
  const engine: Engine = await openEngine({ dataDir })
  await migrate(engine)
  const nowIso = new Date().toISOString()
  const { id } = await engine.db.insertInto('users').values({ email: 'bench@example.com', created_at: nowIso, time_zone: ZONE }).returning('id').executeTakeFirstOrThrow()
  const user = (await engine.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as UserRow
  const video = await engine.db
    .insertInto('videos')
    .values({ language_code: 'vi', title: 'Bench', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 86400, published_at: nowIso, created_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow()
  const now = Date.now()
  const start = now - BATCHES * N * 10_000 - 3_600_000
  const batches = Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: N }, (_, i) => {
      const n = b * N + i
      const at = start + n * 10_000
      return { client_id: uuidv7(at), video_id: video.id, position_from: (n * 10) % 80_000, position_to: ((n * 10) % 80_000) + 10, watched_seconds: 10, playback_rate: 1, occurred_at: new Date(at).toISOString() }
    }),
  )
  return {
    engine,
    user,
    now,
    batches,
    async close() {
      await engine.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function timed(store: (events: unknown[]) => Promise<{ accepted: string[] }>, batches: unknown[][]) {
  for (const events of batches.slice(0, WARMUP)) await store(events)
  const started = performance.now()
  for (const events of batches.slice(WARMUP)) {
    if ((await store(events)).accepted.length !== N) throw new Error('not every event was accepted')
  }
  return ((BATCHES - WARMUP) * N) / ((performance.now() - started) / 1000)
}

async function sqliteRate(kind: 'hand-written' | 'kysely') {
  const run = await prepare()
  try {
    const ingest = createSqliteIngest(run.engine.sqlite!, {
      previewSeconds: 180,
      store: kind === 'kysely' ? () => createKyselyIngestStore(run.engine.db) : undefined,
    })
    return await timed((events) => ingest.store(run.user, checkWatchEvents(events, { now: run.now, timeZone: ZONE }), run.now), run.batches)
  } finally {
    await run.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

async function compare(name: string, a: [string, () => Promise<number>], b: [string, () => Promise<number>]) {
  const rates: [number[], number[]] = [[], []]
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [1, 0] : [0, 1]
    for (const side of order) rates[side].push(await [a, b][side][1]())
  }
  const ratio = median(rates[1].map((rate, round) => rate / rates[0][round]))
  console.log(`${name}: ${a[0]} ${fmt(median(rates[0]))} events/s, ${b[0]} ${fmt(median(rates[1]))} events/s: ${b[0]} = ${ratio.toFixed(2)} of ${a[0]}`)
}

await compare('SQLite', ['hand-written', () => sqliteRate('hand-written')], ['Kysely', () => sqliteRate('kysely')])
