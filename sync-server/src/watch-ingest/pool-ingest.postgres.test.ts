/**
 * The ingest over Kysely transactions (PostgreSQL's; here on both engines) under concurrent requests:
 * eight clients replay the same batches at once, and every event, every second of a day's total and
 * of a video's progress counts exactly once. Outside hours likewise: the same entries from eight
 * clients are stored once, and a date's ceiling holds when entries race for its last room.
 */
import { sql } from 'kysely'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OUTSIDE_DAY_MAX_MINUTES, uuidv7 } from '../../../contract/index.ts'
import { ENGINES, openTestEngine, postgresForThisFile, type TestEngine } from '../../test-support/test-databases.ts'
import { lockingFor } from '../db/dialect/locking.ts'
import { createPostgresIngestStore, storedAmong } from './store.postgres.ts'
import { createOutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { createOutsideHoursService } from '../services/outside-hours.service.ts'
import { createPoolIngest } from './pool-ingest.ts'

postgresForThisFile()

const NOW = Date.parse('2026-11-20T12:00:00Z')
const clock = { now: () => NOW }
const CLIENTS = 8

describe.each(ENGINES)('on %s', (engine) => {
  let database: TestEngine
  let user: UserRow
  let videoId: number
  beforeEach(async () => {
    database = await openTestEngine(engine)
    const { db } = database
    const { id } = await db
      .insertInto('users')
      .values({ email: 'racer@example.com', created_at: new Date(NOW).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    user = (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as UserRow
    const video = await db
      .insertInto('videos')
      .values({ language_code: 'vi', title: 'Race', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 4000, published_at: '2026-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow()
    videoId = video.id
  })
  afterEach(() => database.dispose())

  /** Three batches of 100 events, 10 s of play each, back to back from 10:00 UTC. */
  function batches() {
    const start = Date.parse('2026-11-20T10:00:00Z')
    return Array.from({ length: 3 }, (_, b) =>
      Array.from({ length: 100 }, (_, i) => {
        const n = b * 100 + i
        const at = start + (n + 1) * 10_000
        return {
          client_id: uuidv7(at),
          video_id: videoId,
          position_from: n * 10,
          position_to: n * 10 + 10,
          watched_seconds: 10,
          playback_rate: 1,
          occurred_at: new Date(at).toISOString(),
        }
      }),
    )
  }

  it(`${CLIENTS} clients replaying the same batches at once store each event and count each second once`, async () => {
    const ingest = createPoolIngest({ db: database.db, locking: lockingFor(engine), previewSeconds: 180, clock, logger: pino({ level: 'silent' }), openStore: engine === 'postgres' ? createPostgresIngestStore : undefined })
    const sent = batches()
    // Each client sends all three batches at once, starting from a different one.
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, c) => Promise.all(sent.map((_, b) => ingest.ingest(user, sent[(b + c) % sent.length])))),
    )
    const all = answers.flat()
    const ids = sent.flat().map((e) => e.client_id)
    expect(all.flatMap((a) => a.accepted).sort()).toEqual([...ids].sort())
    expect(all.flatMap((a) => a.duplicate)).toHaveLength(ids.length * (CLIENTS - 1))
    expect(all.flatMap((a) => a.rejected)).toEqual([])

    const { db } = database
    const stored = await db.selectFrom('watch_events').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(stored.n).toBe(300)
    expect(await db.selectFrom('daily_totals').select(['day', 'watch_seconds']).where('user_id', '=', user.id).execute()).toEqual([
      { day: '2026-11-20', watch_seconds: 3000 },
    ])
    const progress = await db.selectFrom('video_progress').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(progress).toMatchObject({ watch_seconds: 3000, covered_seconds: 3000, last_position_seconds: 3000, spans: '[[0,3000]]' })
    expect(await db.selectFrom('watch_coverage').select(['start_ms', 'end_ms']).where('user_id', '=', user.id).execute()).toEqual([
      { start_ms: Date.parse('2026-11-20T10:00:00Z'), end_ms: Date.parse('2026-11-20T10:50:00Z') },
    ])

    // The same minutes replayed under new ids by every client at once (an outbox restored twice): all overlap.
    const renamed = await Promise.all(
      Array.from({ length: CLIENTS }, () => ingest.ingest(user, sent[1].map((e) => ({ ...e, client_id: uuidv7() })))),
    )
    expect(renamed.flatMap((a) => a.accepted)).toEqual([])
    expect(new Set(renamed.flatMap((a) => a.rejected.map((r) => r.error)))).toEqual(new Set(['overlap']))
    const total = await db.selectFrom('daily_totals').select('watch_seconds').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(total.watch_seconds).toBe(3000)
    await ingest.close()
  })

  it.runIf(engine === 'postgres')('a long history does not slow a batch: its stored ids are found by one key probe each', async () => {
    const { db } = database
    // A learner with a heavy history (10,000 events), the table's statistics up to date.
    const base = Date.parse('2026-10-01T00:00:00Z')
    const history = Array.from({ length: 10_000 }, (_, n) => uuidv7(base + n * 10_000))
    for (let from = 0; from < history.length; from += 1000) {
      await db
        .insertInto('watch_events')
        .values(history.slice(from, from + 1000).map((client_id, i) => ({
          user_id: user.id, client_id, video_id: videoId, position_from: i, position_to: i + 10, watched_seconds: 10, playback_rate: 1,
          occurred_at: '2026-10-01T00:00:00.000Z', day: '2026-10-01', received_at: '2026-10-01T00:00:00.000Z',
        })))
        .execute()
    }
    await sql`ANALYZE watch_events`.execute(db)
    // A batch of 500: 200 stored already, 300 new.
    const asked = [...history.slice(5000, 5200), ...Array.from({ length: 300 }, () => uuidv7())]
    const { rows } = await sql<{ stored: string[] }>`SELECT ${storedAmong(user.id, asked)} AS stored`.execute(db)
    expect(new Set(rows[0]!.stored)).toEqual(new Set(history.slice(5000, 5200)))
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT ${storedAmong(user.id, asked)}`.execute(db)
    const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
    expect(lines).toMatch(/Index (Only )?Scan using watch_events_pkey on watch_events/)
    expect(lines).not.toMatch(/(Seq|Bitmap Heap) Scan on watch_events/)
  })

  it(`${CLIENTS} clients posting the same outside hours at once: each entry once, never past a date's ceiling`, async () => {
    const outside = createOutsideHoursService({ outsideHours: createOutsideHoursRepository(database.db, lockingFor(engine)), clock })
    // Eight entries of 4 h for one date: only six fit in 24 h.
    const entries = Array.from({ length: 8 }, () => ({ client_id: uuidv7(), date: '2026-11-19', minutes: 240, type: 'listening', note: '' }))
    const outcomes = await Promise.all(
      Array.from({ length: CLIENTS }, (_, c) =>
        Promise.all(
          entries.map((_, k) =>
            outside.record(user, entries[(k + c) % entries.length]).then(
              ({ created }) => (created ? 'created' : 'stored'),
              (error: { code?: string }) => error.code ?? 'error',
            ),
          ),
        ),
      ),
    )
    const counts = outcomes.flat().reduce<Record<string, number>>((sum, outcome) => ({ ...sum, [outcome]: (sum[outcome] ?? 0) + 1 }), {})
    expect(counts.created).toBe(OUTSIDE_DAY_MAX_MINUTES / 240)
    expect(Object.keys(counts).sort()).toEqual(['created', 'stored', 'too_many_hours'])
    const { minutes } = await database.db
      .selectFrom('outside_hours')
      .select((eb) => eb.fn.sum<number>('minutes').as('minutes'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(Number(minutes)).toBe(OUTSIDE_DAY_MAX_MINUTES)
  })
})
