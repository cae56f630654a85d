import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WATCH_EVENT_REJECTIONS } from '../../../contract/index.ts'
import { seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { checkWatchEvents } from './check-events.ts'
import { createIngestThread } from './thread.ts'
import { createSqliteIngest } from './sqlite-ingest.ts'

let server: TestServer
let users = 0

beforeAll(async () => {
  server = await startTestServer({ env: { PREVIEW_SECONDS: '180' } })
})
afterAll(() => server.close())

async function newUser(zone = 'UTC') {
  const { ctx } = server
  const created = await ctx.repositories.users.create(`thread${++users}@example.com`, false, new Date().toISOString())
  await ctx.repositories.users.setTimeZone(created.id, zone)
  return (await ctx.repositories.users.findById(created.id))!
}

const event = (videoId: number, overrides: Record<string, unknown> = {}) => watchEvent(server, videoId, overrides)

/** A batch with something of every kind: good, repeated, malformed, broken rules, unknown and premium videos. */
function mixedBatch(free: number, premium: number) {
  const good = event(free, { occurred_at: new Date(server.clock.now() - 3_600_000).toISOString().replace('Z', '+00:00') })
  return [
    good,
    event(free, { position_from: 10, position_to: 25, watched_seconds: 15 }),
    good,
    { client_id: 'not-a-uuid', video_id: free },
    event(free, { watched_seconds: 61, position_to: 100 }),
    event(free, { watched_seconds: 30 }),
    event(free, { occurred_at: new Date(server.clock.now() - 40 * 86_400_000).toISOString() }),
    event(free, { occurred_at: new Date(server.clock.now() + 3_600_000).toISOString() }),
    event(999_999),
    event(premium),
    event(free, { position_from: 200, position_to: 260, watched_seconds: 30, playback_rate: 2 }),
    // Inside the 30 s just above: that time is counted already.
    event(free, { position_from: 300, position_to: 305, watched_seconds: 5, occurred_at: new Date(server.clock.now() - 1000).toISOString() }),
  ]
}

const storedRows = (userId: number) =>
  server.ctx.database.db
    .selectFrom('watch_events')
    .select(['client_id', 'video_id', 'position_from', 'position_to', 'watched_seconds', 'playback_rate', 'occurred_at', 'day'])
    .where('user_id', '=', userId)
    .orderBy('client_id')
    .execute()
const progressRow = (userId: number) =>
  server.ctx.database.db
    .selectFrom('video_progress')
    .select(['video_id', 'spans', 'covered_seconds', 'watch_seconds', 'last_position_seconds'])
    .where('user_id', '=', userId)
    .execute()
const totals = (userId: number) =>
  server.ctx.database.db.selectFrom('daily_totals').select(['day', 'watch_seconds']).where('user_id', '=', userId).orderBy('day').execute()

// The ingest thread is SQLite's (PostgreSQL's ingest runs over the pool: pool-ingest.postgres.test.ts).
describe.skipIf(process.env.DEHIEU_TEST_ENGINE === 'postgres')('the ingest thread', () => {
  it('answers and stores exactly what the service does in-process', async () => {
    const { ctx } = server
    const inProcess = createSqliteIngest(ctx.sqlite, { previewSeconds: 180 })
    const free = await seedVideo(server, { duration: 600 })
    const premium = await seedVideo(server, { access: 'premium' })
    const threaded = await newUser('Asia/Ho_Chi_Minh')
    const local = await newUser('Asia/Ho_Chi_Minh')
    const batch = mixedBatch(free, premium)
    const viaThread = await ctx.services.watchEvents.ingest(threaded, batch)
    const inProcessIngest = (events: unknown[]) => {
      const now = server.clock.now()
      return inProcess.store(local, checkWatchEvents(events, { now, timeZone: local.time_zone }), now)
    }
    const viaProcess = await inProcessIngest(batch)
    expect(viaThread).toEqual(viaProcess)
    expect(viaThread.accepted).toHaveLength(3)
    expect(viaThread.duplicate).toEqual([batch[0].client_id])
    // Every reason, each once, in the order of the batch (which lists them as the contract does).
    expect(viaThread.rejected.map((r) => r.error)).toEqual([...WATCH_EVENT_REJECTIONS])
    expect(await storedRows(threaded.id)).toEqual(await storedRows(local.id))
    expect(await progressRow(threaded.id)).toEqual(await progressRow(local.id))
    expect(await totals(threaded.id)).toEqual(await totals(local.id))
    // And a second send of the same batch is all duplicates (or rejected for its own fault) on the thread too.
    const again = await ctx.services.watchEvents.ingest(threaded, batch)
    expect(again.accepted).toEqual([])
    expect(again).toEqual(await inProcessIngest(batch))
  })

  it('answers a batch it could not store with an error, stores nothing of it, and goes on with the next', async () => {
    const { ctx } = server
    const user = await newUser()
    const video = await seedVideo(server)
    // The ingest thread's statements fail while the table is away (its connection sees the schema change).
    await sql`ALTER TABLE watch_events RENAME TO watch_events_away`.execute(ctx.database.db)
    try {
      await expect(ctx.services.watchEvents.ingest(user, [event(video)])).rejects.toThrow(/watch_events/)
    } finally {
      await sql`ALTER TABLE watch_events_away RENAME TO watch_events`.execute(ctx.database.db)
    }
    expect(await totals(user.id)).toEqual([])
    const next = event(video)
    expect(await ctx.services.watchEvents.ingest(user, [next])).toEqual({ accepted: [next.client_id], duplicate: [], rejected: [] })
  })

  it('finishes the batches in flight when closed, then refuses new ones', async () => {
    const thread = createIngestThread({ dataDir: server.dataDir, previewSeconds: 180, clock: server.clock, logger: server.ctx.logger })
    const user = await newUser()
    const video = await seedVideo(server)
    const events = [event(video), event(video, { position_from: 10, position_to: 20, occurred_at: new Date(server.clock.now() - 20_000).toISOString() })]
    const inFlight = thread.ingest(user, events)
    await thread.close()
    expect(await inFlight).toEqual({ accepted: events.map((e) => e.client_id), duplicate: [], rejected: [] })
    expect(await storedRows(user.id)).toHaveLength(2)
    await expect(thread.ingest(user, [event(video)])).rejects.toThrow(/closed/)
  })
})
