/** The bench's PostgreSQL keeps the default durability (unlike the tests' server) and the raw pg baseline stores what it is given. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRawPgWatchEvents, startBenchPostgres, type BenchPostgres } from './postgres.ts'

let server: BenchPostgres
beforeAll(async () => {
  server = await startBenchPostgres()
}, 60_000)
afterAll(() => server?.stop())

describe('bench PostgreSQL', () => {
  it('runs with the default durability settings and says so', async () => {
    expect(await server.describe()).toMatch(/^PostgreSQL \d+[.\d]*.*, default durability \(fsync=on, synchronous_commit=on, full_page_writes=on\)$/)
  })

  it('inserts a batch of watch events as one multi-row INSERT, and a replayed batch adds nothing', async () => {
    const raw = await openRawPgWatchEvents(server)
    try {
      const at = Date.UTC(2025, 11, 31, 12)
      const events = Array.from({ length: 500 }, (_, i) => ({
        client_id: `0194a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
        video_id: raw.videoId,
        position_from: i * 10,
        position_to: i * 10 + 10,
        watched_seconds: 10,
        playback_rate: 1,
        occurred_at: new Date(at + i * 10_000).toISOString(),
      }))
      expect((await raw.insertBatch(events)).sort()).toEqual(events.map((e) => e.client_id).sort())
      expect(await raw.insertBatch(events)).toEqual([])
    } finally {
      await raw.close()
    }
  })
})
