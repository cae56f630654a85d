/**
 * Saved lines (issue 43), `npm run bench -- cards`, on SQLite and then on PostgreSQL (default
 * durability) when its binaries are installed:
 * - GET /me/cards?language=vi (the first page: 500 cards, due first, each with its audio URL) for a
 *   learner holding 10,000 cards with 100,000 reviews over 50 videos, each with its ladder, goal < 50 ms at the API (median of 40 sequential
 *   requests, p95 beside it), against two floors measured in the same run: the page's query alone (the
 *   repository's, on the same database) and a bare node:http server sending the same answer's bytes.
 * - POST /reviews of 100 reviews of 100 cards that already hold 10 each (in order: one step each, no
 *   fold of the 100,000), and of one review older than a card's others (that card's 10 folded again).
 * - GET /me/cards/export.apkg of 1,000 cards with their audio (3 s clips, each its own file in the
 *   media store, copies of one real clip cut by the job's own code), goal < 10 s.
 * The server runs in this process (requests go one at a time, so the client costs both sides alike).
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { foldCardReviews, uuidv7, type ReviewRating } from '../contract/index.ts'
import { createApp } from '../sync-server/src/app.ts'
import { loadConfig } from '../sync-server/src/config.ts'
import { createContext } from '../sync-server/src/context.ts'
import type { NewRow } from '../sync-server/src/db/schema.ts'
import { cutCardClip } from '../sync-server/src/media/card-clip.ts'
import { createCardsRepository } from '../sync-server/src/repositories/cards.repository.ts'
import { hashToken, newToken } from '../sync-server/src/security/tokens.ts'
import { scheduleColumns } from '../sync-server/src/services/cards.service.ts'
import { newMediaKey } from '../sync-server/src/storage/media-paths.ts'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import pino from 'pino'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

const CARDS = 10_000
const REVIEWS_EACH = 10
const EXPORT_CARDS = 1_000
export const CARDS_LIST_GOAL_MS = 50
export const CARDS_EXPORT_GOAL_MS = 10_000
const DAY = 86_400_000

interface Timing {
  medianMs: number
  p95Ms: number
}
export interface CardsEngineResult {
  engine: string
  seedMs: number
  list: Timing
  /** The first page's answer as sent (no compression at the API). */
  listBytes: number
  rawQuery: Timing
  bareHttp: Timing
  /** A reload's pull with the since cursor, nothing changed since (the answer's bytes beside it). */
  sinceQuiet: Timing
  sinceQuietBytes: number
  reviewsInOrder100Ms: number
  reviewOutOfOrderMs: number
  exportMs: number
  exportBytes: number
  goalsMet: boolean
}

async function time(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { medianMs: times[Math.floor(runs / 2)]!, p95Ms: times[Math.floor(runs * 0.95)]! }
}

type Ctx = Awaited<ReturnType<typeof createContext>>

/** A learner and a signed-in session on the context's database: the id and the bearer token. */
async function learner(ctx: Ctx, email: string) {
  const now = Date.now()
  const user = await ctx.repositories.users.create(email, false, new Date(now).toISOString())
  const token = newToken()
  await ctx.repositories.sessions.create(hashToken(token), user.id, now, now + DAY)
  return { id: user.id, token }
}

/** `count` cards over 50 videos, each with REVIEWS_EACH reviews, their schedules folded as the service would. */
export async function seedCards(ctx: Pick<Ctx, 'database'>, userId: number, videoIds: number[], count: number, reviewsEach: number, clip: (i: number) => string | null) {
  const db = ctx.database.db
  const base = Date.now() - 200 * DAY
  for (let from = 0; from < count; from += 500) {
    const cards: Array<NewRow<'cards'>> = []
    const logs: Array<Array<{ client_id: string; rating: ReviewRating; reviewed_at: number }>> = []
    for (let i = from; i < Math.min(count, from + 500); i++) {
      const created = base + i * 60_000
      const log = Array.from({ length: reviewsEach }, (_, r) => ({ client_id: uuidv7(), rating: ((i + r) % 4 === 0 ? 1 : 3) as ReviewRating, reviewed_at: created + r * 9 * DAY + (i % 7) * 3_600_000 }))
      const createdAt = new Date(created).toISOString()
      cards.push({
        user_id: userId,
        client_id: uuidv7(),
        video_id: videoIds[i % videoIds.length]!,
        language_code: 'vi',
        start_seconds: (i % 200) * 3,
        end_seconds: (i % 200) * 3 + 2.5,
        text: `Câu thứ ${i}: hôm nay trời đẹp quá, mình đi chợ nhé.`,
        translation: `Line ${i}: the weather is lovely today, let's go to the market.`,
        created_at: createdAt,
        created_ms: created,
        received_at: createdAt,
        ...scheduleColumns(foldCardReviews(created, log)),
        clip_path: clip(i),
      })
      logs.push(log)
    }
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto('cards').values(cards).returning('id').execute()
      const reviews = ids.flatMap(({ id }, k) =>
        logs[k]!.map((review) => ({
          user_id: userId,
          card_id: id,
          client_id: review.client_id,
          rating: review.rating,
          reviewed_at: new Date(review.reviewed_at).toISOString(),
          reviewed_ms: review.reviewed_at,
          duration_ms: 4000,
          day: new Date(review.reviewed_at).toISOString().slice(0, 10),
          received_at: new Date(review.reviewed_at).toISOString(),
        })),
      )
      for (let r = 0; r < reviews.length; r += 1000) await trx.insertInto('card_reviews').values(reviews.slice(r, r + 1000)).execute()
    })
  }
}

async function bareHttpFloor(body: Buffer): Promise<Timing> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
  try {
    return await time(40, async () => (await fetch(url)).arrayBuffer())
  } finally {
    server.close()
  }
}

async function measureEngine(engine: string, env: Record<string, string>): Promise<CardsEngineResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-cards-'))
  const ctx = await createContext(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKERS: '0', ...env }), { logger: pino({ level: 'silent' }) })
  const listening = createApp(ctx).listen(0, '127.0.0.1')
  await new Promise((resolve) => listening.once('listening', resolve))
  const api = `http://127.0.0.1:${(listening.address() as { port: number }).port}/api/v1`
  try {
    const db = ctx.database.db
    const mediaKey = makeHlsFixture(dataDir, 12, { audioOnly: true })
    const nowIso = new Date().toISOString()
    const videos = Array.from({ length: 50 }, (_, i) => ({ language_code: 'vi', title: `Video ${i}`, proficiency_level: 'beginner' as const, access_level: 'free' as const, duration_seconds: 900, published_at: nowIso, created_at: nowIso, media_key: i === 0 ? mediaKey : newMediaKey() }))
    const videoIds = (await db.insertInto('videos').values(videos).returning('id').execute()).map((row) => row.id)

    const heavy = await learner(ctx, 'cards-bench@example.com')
    const seeding = performance.now()
    await seedCards(ctx, heavy.id, videoIds, CARDS, REVIEWS_EACH, () => null)
    const seedMs = performance.now() - seeding
    const headers = { authorization: `Bearer ${heavy.token}` }
    const page = async () => {
      const answer = await fetch(`${api}/me/cards?language=vi`, { headers })
      if (answer.status !== 200) throw new Error(`GET /me/cards answered ${answer.status}`)
      return Buffer.from(await answer.arrayBuffer())
    }
    const body = await page()
    if ((JSON.parse(body.toString()) as { data: unknown[] }).data.length !== 500) throw new Error('the first page is not 500 cards')
    const list = await time(40, page)
    const cards = createCardsRepository(db)
    const rawQuery = await time(40, () => cards.listPage(heavy.id, 'vi', { limit: 501 }))
    const bareHttp = await bareHttpFloor(body)
    // A reload's pull: the cursor of a pull a while after the seed (nothing changed since), one page of no card.
    const sinceCursor = Buffer.from(JSON.stringify({ t: Date.now() })).toString('base64url')
    const sincePage = async () => {
      const answer = await fetch(`${api}/me/cards?language=vi&since=${sinceCursor}`, { headers })
      if (answer.status !== 200) throw new Error(`GET /me/cards?since= answered ${answer.status}`)
      return Buffer.from(await answer.arrayBuffer())
    }
    const quietBody = await sincePage()
    if ((JSON.parse(quietBody.toString()) as { data: unknown[] }).data.length !== 0) throw new Error('the since pull answered cards')
    const sinceQuiet = await time(40, sincePage)

    // 100 reviews of 100 cards, each after its card's last: one step each.
    const held = await db.selectFrom('cards').select(['client_id', 'last_review_ms']).where('user_id', '=', heavy.id).orderBy('id').limit(101).execute()
    const later = held.slice(0, 100).map((card) => ({ client_id: uuidv7(), card_id: card.client_id, rating: 3, reviewed_at: new Date(Date.now() - 1000).toISOString(), duration_ms: 3000 }))
    let started = performance.now()
    const inOrder = await fetch(`${api}/reviews`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ reviews: later }) })
    const reviewsInOrder100Ms = performance.now() - started
    if (((await inOrder.json()) as { data: { accepted: string[] } }).data.accepted.length !== 100) throw new Error('the reviews were not all accepted')
    // One review older than its card's others: that card's log folded again.
    const older = { client_id: uuidv7(), card_id: held[100]!.client_id, rating: 1, reviewed_at: new Date(held[100]!.last_review_ms! - DAY).toISOString(), duration_ms: 3000 }
    started = performance.now()
    await fetch(`${api}/reviews`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ reviews: [older] }) })
    const reviewOutOfOrderMs = performance.now() - started

    // Export: 1,000 cards, each with its own clip file (copies of one clip cut by the job's code).
    const exporter = await learner(ctx, 'cards-export@example.com')
    const clip = await cutCardClip({ store: ctx.storage.media, mediaKey, start: 2, end: 4.5 })
    const clipFile = ctx.storage.media.localPath?.(clip)
    const clipBytes = clipFile ? fs.readFileSync(clipFile) : Buffer.alloc(0)
    const keyOf = (i: number) => `clips/${mediaKey}/bench-${i}.m4a`
    for (let i = 0; i < EXPORT_CARDS; i++) {
      const file = path.join(dataDir, `clip-${i}.m4a`)
      fs.writeFileSync(file, clipBytes)
      await ctx.storage.media.putFile(keyOf(i), file, { contentType: 'audio/mp4' })
    }
    await seedCards(ctx, exporter.id, videoIds, EXPORT_CARDS, 3, keyOf)
    started = performance.now()
    const exported = await fetch(`${api}/me/cards/export.apkg?language=vi`, { headers: { authorization: `Bearer ${exporter.token}` } })
    const exportBytes = (await exported.arrayBuffer()).byteLength
    const exportMs = performance.now() - started
    if (exported.status !== 200) throw new Error(`the export answered ${exported.status}`)
    return {
      engine,
      seedMs,
      list,
      listBytes: body.length,
      rawQuery,
      bareHttp,
      sinceQuiet,
      sinceQuietBytes: quietBody.length,
      reviewsInOrder100Ms,
      reviewOutOfOrderMs,
      exportMs,
      exportBytes,
      goalsMet: list.medianMs < CARDS_LIST_GOAL_MS && exportMs < CARDS_EXPORT_GOAL_MS,
    }
  } finally {
    listening.closeAllConnections()
    await new Promise((resolve) => listening.close(resolve))
    await ctx.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

function print(result: CardsEngineResult) {
  console.log(`  on ${result.engine} (seeded in ${fmt(result.seedMs / 1000)} s):`)
  console.log(`  GET /me/cards, first page of 500 of ${CARDS.toLocaleString('en-US')} cards   median ${fmt(result.list.medianMs)} ms   p95 ${fmt(result.list.p95Ms)} ms   (goal < ${CARDS_LIST_GOAL_MS} ms): ${result.list.medianMs < CARDS_LIST_GOAL_MS ? 'met' : 'NOT met'};   ${fmt(result.listBytes / 1024)} KB`)
  console.log(`  floors: the page's query alone   median ${fmt(result.rawQuery.medianMs)} ms;   bare node:http sending the same bytes   median ${fmt(result.bareHttp.medianMs)} ms`)
  console.log(`  GET /me/cards?since= (a reload's pull, nothing changed)   median ${fmt(result.sinceQuiet.medianMs)} ms   p95 ${fmt(result.sinceQuiet.p95Ms)} ms;   ${fmt(result.sinceQuietBytes / 1024)} KB, against the ${CARDS / 500} full pages`)
  console.log(`  POST /reviews, 100 reviews of 100 cards in order (a step each)   ${fmt(result.reviewsInOrder100Ms)} ms;   one review out of order (its card's ${REVIEWS_EACH} folded again)   ${fmt(result.reviewOutOfOrderMs)} ms`)
  console.log(`  GET /me/cards/export.apkg, ${EXPORT_CARDS.toLocaleString('en-US')} cards with audio   ${fmt(result.exportMs / 1000, 2)} s, ${fmt(result.exportBytes / 1e6)} MB   (goal < 10 s): ${result.exportMs < CARDS_EXPORT_GOAL_MS ? 'met' : 'NOT met'}`)
}

export async function runCardsBench(): Promise<{ sqlite: CardsEngineResult; postgres: CardsEngineResult | { skipped: string } }> {
  console.log(`\n## Saved lines: ${CARDS.toLocaleString('en-US')} cards with ${(CARDS * REVIEWS_EACH).toLocaleString('en-US')} reviews (sequential requests, warm, median of 40)`)
  const sqlite = await measureEngine('SQLite', {})
  print(sqlite)
  const unavailable = postgresUnavailable()
  if (unavailable) {
    console.log(`  PostgreSQL ${unavailable}`)
    return { sqlite, postgres: { skipped: unavailable } }
  }
  const postgres = await startBenchPostgres()
  try {
    const database = await postgres.createDatabase()
    try {
      const result = await measureEngine(await postgres.describe(), { DATABASE_URL: database.url })
      print(result)
      return { sqlite, postgres: result }
    } finally {
      await database.drop()
    }
  } finally {
    postgres.stop()
  }
}
