/**
 * The catalogue list's filter shapes at scale (issue 19), on both engines: 10,000 published videos of
 * one language, each from a submission with a Vietnamese track of 20 cues (200,000 cues), one in ten
 * with English too, four dialects, 100 guides. Each shape is the repository's own query
 * (catalogue.repository.ts over the text-search dialect), timed warm against the plain first page
 * measured in the same run, with the engine's plan, so a shape that walks every video or every cue
 * shows up as a large ratio and a SCAN / Seq Scan in its plan.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { textSearchFor } from '../sync-server/src/db/dialect/text-search.ts'
import { openEngine, type Engine } from '../sync-server/src/db/engine.ts'
import { migrate } from '../sync-server/src/db/migrate.ts'
import type { Database } from '../sync-server/src/db/schema.ts'
import { createCaptionsRepository } from '../sync-server/src/repositories/captions.repository.ts'
import { createCatalogueRepository, type VideoListFilter } from '../sync-server/src/repositories/catalogue.repository.ts'
import { transcriptReach } from '../sync-server/src/rules/access.ts'
import { postgresUnavailable, startBenchPostgres } from './lib/postgres.ts'

const VIDEOS = Number(process.env.CATALOGUE_BENCH_VIDEOS ?? 10_000)
const CUES = 20
const GUIDES = 100
const DIALECTS = ['northern', 'central', 'southern', 'mixed'] as const

export interface CatalogueSearchResult {
  engine: string
  videos: number
  cues: number
  shapes: Array<{ name: string; ms: number; ratio: number; rows: number; plan: string }>
}

async function seed(db: Kysely<Database>) {
  const now = '2026-01-01T00:00:00.000Z'
  const { id: owner } = await db.insertInto('users').values({ email: 'owner@example.com', created_at: now, is_contributor: 1 }).returning('id').executeTakeFirstOrThrow()
  for (let g = 0; g < GUIDES; g++) await db.insertInto('users').values({ email: `guide${g}@example.com`, display_name: `Guide ${g}`, created_at: now }).execute()
  const batch = 500
  for (let from = 0; from < VIDEOS; from += batch) {
    await db.transaction().execute(async (trx) => {
      const count = Math.min(batch, VIDEOS - from)
      const submissions = await trx
        .insertInto('submissions')
        .values(
          Array.from({ length: count }, (_, k) => ({
            user_id: owner,
            title: `Video ${from + k}`,
            proficiency_level: 'beginner' as const,
            language_code: 'vi',
            processing_state: 'ready' as const,
            duration_seconds: 600,
            created_at: now,
            dialect: DIALECTS[(from + k) % 4],
          })),
        )
        .returning('id')
        .execute()
      const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()
      await trx
        .insertInto('videos')
        .values(
          submissions.map(({ id }, k) => ({
            language_code: 'vi',
            title: `Video ${from + k}: chợ, phở và cà phê`,
            proficiency_level: 'beginner' as const,
            access_level: 'free' as const,
            duration_seconds: 600,
            published_at: at(from + k),
            created_at: at(from + k),
            submission_id: id,
            dialect: DIALECTS[(from + k) % 4],
          })),
        )
        .execute()
      await trx
        .insertInto('submission_creators')
        .values(submissions.map(({ id }, k) => ({ submission_id: id, email: `guide${(from + k) % GUIDES}@example.com` })))
        .execute()
      const tracks = submissions.flatMap(({ id }, k) => [
        { submission_id: id, language: 'vi' as const, vtt: 'WEBVTT\n', cue_count: CUES, duration_seconds: 600, updated_at: now },
        ...((from + k) % 10 === 0 ? [{ submission_id: id, language: 'en' as const, vtt: 'WEBVTT\n', cue_count: 1, duration_seconds: 5, updated_at: now }] : []),
      ])
      await trx.insertInto('caption_tracks').values(tracks).execute()
      const cues = submissions.flatMap(({ id }, k) =>
        Array.from({ length: CUES }, (_, c) => ({
          submission_id: id,
          language: 'vi' as const,
          start_seconds: c * 20,
          end_seconds: c * 20 + 15,
          // One video in the catalogue says "đu đủ chín"; every one says "hôm nay".
          text: from + k === 4242 && c === 7 ? 'Mẹ mua một quả đu đủ chín ở chợ.' : `Câu ${c} của bài ${from + k}: hôm nay trời đẹp, chúng ta đi dạo.`,
        })),
      )
      for (let i = 0; i < cues.length; i += 1000) await trx.insertInto('caption_cues').values(cues.slice(i, i + 1000)).execute()
    })
  }
  return owner
}

async function plan(engine: Engine, compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  if (engine.engine === 'sqlite') {
    const rows = engine.sqlite!.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[]
    return rows.map((row) => row.detail).join(' | ')
  }
  const { rows } = await engine.pool!.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql}`, compiled.parameters as unknown[])
  return rows
    .map((row) => row['QUERY PLAN'].trim())
    .filter((line) => /Scan|Join|Sort|Limit/.test(line))
    .map((line) => line.replace(/\s+\(cost=.*$/, '').replace(/^->\s*/, ''))
    .join(' | ')
}

async function measure(engine: Engine): Promise<CatalogueSearchResult> {
  await migrate(engine)
  const db = engine.db
  await seed(db)
  if (engine.engine === 'postgres') await engine.pool!.query('ANALYZE')
  else engine.sqlite!.exec('ANALYZE')
  const guide = await db.selectFrom('users').select('id').where('email', '=', 'guide7@example.com').executeTakeFirstOrThrow()
  const catalogue = createCatalogueRepository(db, textSearchFor(engine.engine))
  const base: VideoListFilter = { languageCode: 'vi', userId: 1, sort: 'newest', limit: 51 }
  const shapes: Array<[string, Partial<VideoListFilter>]> = [
    ['first page', {}],
    ['dialect=southern', { dialect: 'southern' }],
    ['guide=<id> (1 video in 100)', { guideId: guide.id }],
    ['captions=en (1 in 10)', { captions: 'en' }],
    // As a premium learner (every line readable: the query as before issue 45), then as a free one
    // (only the lines of free videos and previews before their cut match).
    ['q= a word in one transcript', { query: 'đu đủ', transcriptReach: transcriptReach({ is_premium: 1, is_admin: 0 }, 120) }],
    ['q= a word in every transcript', { query: 'hôm nay', transcriptReach: transcriptReach({ is_premium: 1, is_admin: 0 }, 120) }],
    ['q= a word in every transcript, free learner', { query: 'hôm nay', transcriptReach: transcriptReach({ is_premium: 0, is_admin: 0 }, 120) }],
    ['q= a title word + dialect', { query: 'phở', dialect: 'central', transcriptReach: transcriptReach({ is_premium: 1, is_admin: 0 }, 120) }],
  ]
  const results: CatalogueSearchResult['shapes'] = []
  let baseline = 0
  const time = async (run: () => Promise<unknown[]>) => {
    for (let i = 0; i < 5; i++) await run()
    let n = 0
    let rows = 0
    const started = performance.now()
    while (performance.now() - started < 1500) {
      rows = (await run()).length
      n++
    }
    return { ms: (performance.now() - started) / n, rows }
  }
  for (const [name, filter] of shapes) {
    const run = () => catalogue.list({ ...base, ...filter })
    const { ms, rows } = await time(run)
    if (!baseline) baseline = ms
    results.push({ name, ms, ratio: ms / baseline, rows, plan: await plan(engine, catalogue.listQuery({ ...base, ...filter }).compile()) })
  }
  // The search answer's second query: the matching line of each video of a page (50 submissions).
  const captions = createCaptionsRepository(db, textSearchFor(engine.engine))
  const page = (await catalogue.list(base)).map((row) => row.submission_id!)
  for (const [name, text] of [['match lines, a word in every transcript', 'hôm nay'], ['match lines, a rare word', 'đu đủ']] as const) {
    const { ms, rows } = await time(() => captions.firstMatches(page, text))
    results.push({ name, ms, ratio: ms / baseline, rows, plan: '' })
  }
  const cues = await db.selectFrom('caption_cues').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
  return { engine: engine.engine, videos: VIDEOS, cues: Number(cues.n), shapes: results }
}

export async function runCatalogueSearchBench(): Promise<CatalogueSearchResult[]> {
  const results: CatalogueSearchResult[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-catalogue-'))
  const sqlite = await openEngine({ dataDir })
  try {
    results.push(await measure(sqlite))
  } finally {
    await sqlite.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  if (!postgresUnavailable()) {
    const server = await startBenchPostgres()
    try {
      const database = await server.createDatabase()
      const postgres = await openEngine({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-bench-catalogue-pg-')), databaseUrl: database.url })
      try {
        results.push(await measure(postgres))
      } finally {
        await postgres.close()
      }
    } finally {
      server.stop()
    }
  }
  return results
}
