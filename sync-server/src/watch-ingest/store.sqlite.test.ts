/**
 * The SQLite ingest store's answer to "which of these ids are stored", on a real SQLite file: read as
 * one range of the learner's ids where that range is small, probed id by id where it is not.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { openDatabase, type Db } from '../db/connection.ts'
import { migrateSqlite } from '../db/migrate.ts'
import { STORED_RANGE_MAX, createSqliteIngestStore } from './store.sqlite.ts'

let dir: string
let db: Db
let videoId: number
let users = 0
const HOUR = 3_600_000
const start = Date.UTC(2026, 0, 1)

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-ingest-store-'))
  db = openDatabase(dir)
  migrateSqlite(db)
  const now = new Date().toISOString()
  videoId = Number(
    db
      .prepare(`INSERT INTO videos (language_code, title, proficiency_level, access_level, duration_seconds, published_at, created_at) VALUES ('vi', 'V', 'beginner', 'free', 600, ?, ?)`)
      .run(now, now).lastInsertRowid,
  )
})
afterAll(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function newLearner(): number {
  return Number(db.prepare('INSERT INTO users (email, created_at) VALUES (?, ?)').run(`store${++users}@example.com`, new Date().toISOString()).lastInsertRowid)
}

/** Stores events with these ids (10 s of play each) through the store itself. */
function store(userId: number, clientIds: string[]) {
  const ingest = createSqliteIngestStore(db)
  const n = clientIds.length
  db.transaction(() =>
    ingest.insertEvents(userId, new Date().toISOString(), {
      clientIds,
      videoIds: Array(n).fill(videoId),
      positionsFrom: Array(n).fill(0),
      positionsTo: Array(n).fill(10),
      watchedSeconds: Array(n).fill(10),
      playbackRates: Array(n).fill(1),
      occurredAt: Array(n).fill('2026-01-01T00:00:00.000Z'),
      days: Array(n).fill('2026-01-01'),
      listened: Array(n).fill(0),
    }),
  )()
}

const idsAt = (fromMs: number, count: number, stepMs = 10_000) => Array.from({ length: count }, (_, i) => uuidv7(fromMs + i * stepMs))

// The same file on either project: run once, with the SQLite suite.
describe.skipIf(process.env.DEHIEU_TEST_ENGINE === 'postgres')('the SQLite ingest store: stored ids of a batch', () => {
  it('finds none of a new batch, and exactly the stored ones asked of a batch sent again with new ones among them', () => {
    const learner = newLearner()
    const earlier = idsAt(start, 500)
    store(learner, earlier)
    const ingest = createSqliteIngestStore(db)
    expect(ingest.storedClientIds(learner, idsAt(start + 2 * HOUR, 500))).toEqual(new Set())
    // Every other one of 200 stored ids, with new ids among them: the stored ones between are not asked.
    const resent = earlier.slice(100, 300).filter((_, i) => i % 2 === 0)
    const again = [...resent, ...idsAt(start + 30 * 60_000, 20, 1)].reverse()
    expect(ingest.storedClientIds(learner, again)).toEqual(new Set(resent))
    // Another learner's events in the same range are not this one's.
    expect(ingest.storedClientIds(newLearner(), earlier)).toEqual(new Set())
  })

  it(`answers alike when the batch's ids span more than ${STORED_RANGE_MAX} stored events`, () => {
    const learner = newLearner()
    const history = idsAt(start, STORED_RANGE_MAX + 500)
    store(learner, history)
    const ingest = createSqliteIngestStore(db)
    // The first and last of the history, and a new one between them: the range holds every event.
    const asked = [history[0], uuidv7(start + 5_000), history.at(-1)!]
    expect(ingest.storedClientIds(learner, asked)).toEqual(new Set([history[0], history.at(-1)]))
  })
})
