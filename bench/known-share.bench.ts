/**
 * known_share for 1,000 videos (issue 42, "Speed": measured both ways, each against its floor in the
 * same run, printed as ratios). 1,000 published Vietnamese videos, each a transcript of 140 distinct
 * words (Zipf-like counts, 1,400 tokens) out of a vocabulary of 5,000 keys; the learner knows 1,500
 * of the keys, the most frequent first, and is learning 200 more.
 * - server: the catalogue service's list, as GET /languages/vi/videos answers it (first page of 24,
 *   and every page of 200 through the 1,000), with VideoSummary.words, against the same service made
 *   without words (the list as it was before issue 42) on the same database; also sort=comprehensible
 *   (all 1,000 ranked) against the newest sort without words. Goal: the first page no slower than
 *   today's by more than 5 % (ratio ≤ 1.05).
 * - device: contract/known-share.ts over the 1,000 videos' kept counts and the learner's states, in
 *   Chromium at 4× CPU (as useKnownShares does on the videos page); floor: one pass over the same
 *   counts summing them (what any share must read). The absolute time is printed beside the list's
 *   INP goal (< 200 ms).
 */
import { chromium } from '@playwright/test'
import ts from 'typescript'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../contract/limits.ts'
import type { WordState } from '../contract/vocabulary.ts'
import { videoListQuerySchema } from '../contract/schemas/catalogue.ts'
import { createCatalogueService } from '../sync-server/src/services/catalogue.service.ts'
import { signIn, startTestServer, type TestServer } from '../sync-server/test-support/test-server.ts'
import { CHROMIUM, CHROMIUM_FLAGS, median } from './lib/browser.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const VIDEOS = 1_000
export const VOCABULARY = 5_000
export const WORDS_PER_VIDEO = 140
export const KNOWN = 1_500
export const LEARNING = 200
const ROUNDS = Number(process.env.KNOWN_SHARE_ROUNDS ?? 15)
const CPU_SLOWDOWN = 4
export const KNOWN_SHARE_GOAL_RATIO = 1.05
const INP_GOAL_MS = 200

export interface KnownShareBenchResult {
  server: { firstPageMs: number; firstPageFloorMs: number; firstPageRatio: number; allPagesMs: number; allPagesFloorMs: number; allPagesRatio: number; comprehensibleMs: number; comprehensibleRatio: number }
  device: { ms: number; floorMs: number; ratio: number }
  goalMet: boolean
}

/** Each video's counts `[key, count]`: 140 keys drawn towards the frequent end, Zipf-like counts. */
export function videoCounts(): Array<Array<[string, number]>> {
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return Array.from({ length: VIDEOS }, () => {
    const keys = new Set<number>()
    while (keys.size < WORDS_PER_VIDEO) keys.add(Math.floor(VOCABULARY * next() ** 2))
    return [...keys].map((rank, index) => [`từ${rank}`, Math.max(1, Math.round(60 / (index + 1)))] as [string, number])
  })
}

export function learnerStates(): Map<string, WordState> {
  const states = new Map<string, WordState>()
  for (let rank = 0; rank < KNOWN + LEARNING; rank++) states.set(`từ${rank}`, rank < KNOWN ? 'known' : 'learning')
  return states
}

/**
 * The 1,000 videos with their counts and the learner's states, in one transaction (on PostgreSQL at
 * its default durability, 5,000 commits each waiting for its WAL flush took longer than the bench).
 */
export async function seedKnownShare(server: TestServer, counts: Array<Array<[string, number]>>, states: Map<string, WordState>, userId: number): Promise<void> {
  const started = Date.now()
  await server.ctx.database.db.transaction().execute(async (db) => {
    const now = new Date().toISOString()
    const owner = await db.insertInto('users').values({ email: 'known-share-owner@example.com', created_at: now, is_contributor: 1 }).returning('id').executeTakeFirstOrThrow()
    for (const [index, words] of counts.entries()) {
      // Newest first in the list is video 0 first.
      const published = new Date(started - 1000 * (index + 1)).toISOString()
      const video = await db
        .insertInto('videos')
        .values({ language_code: 'vi', title: `Known share ${index}`, description: '', proficiency_level: 'beginner', access_level: 'free', duration_seconds: 600, published_at: published, created_at: now, media_key: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      const submission = await db
        .insertInto('submissions')
        .values({ user_id: owner.id, client_id: null, title: `Known share ${index}`, proficiency_level: 'beginner', language_code: 'vi', series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: null, duration_seconds: 600, published_video_id: video.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.updateTable('videos').set({ submission_id: submission.id }).where('id', '=', video.id).execute()
      // A track with no cues: the counts are what the list reads (a caption save would have made them).
      await db.insertInto('caption_tracks').values({ submission_id: submission.id, language: 'vi', vtt: 'WEBVTT\n', cue_count: 0, duration_seconds: 600, updated_at: now, lexicon_version: null, preview_seconds: null }).execute()
      await db.insertInto('track_words').values(words.map(([key, count]) => ({ submission_id: submission.id, language: 'vi', key, count, preview_count: count }))).execute()
    }
    const rows = [...states].map(([key, state], index) => ({ user_id: userId, language_code: 'vi', key, state, client_id: `bench-${index}`, occurred_at: now, occurred_ms: Date.now(), received_at: now }))
    for (let at = 0; at < rows.length; at += 200) await db.insertInto('word_states').values(rows.slice(at, at + 200)).execute()
  })
}

/** The median time of `work` over ROUNDS, each side alternating with its floor. */
async function timePair(work: () => Promise<unknown>, floor: () => Promise<unknown>): Promise<[number, number]> {
  const a: number[] = []
  const b: number[] = []
  await work()
  await floor()
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now()
    await work()
    a.push(performance.now() - started)
    started = performance.now()
    await floor()
    b.push(performance.now() - started)
  }
  return [median(a), median(b)]
}

async function serverSide(server: TestServer, userId: number): Promise<KnownShareBenchResult['server']> {
  const ctx = server.ctx
  const user = await ctx.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  const base = {
    catalogue: ctx.repositories.catalogue,
    captions: ctx.repositories.captions,
    languages: ctx.repositories.languages,
    videoProgress: ctx.repositories.videoProgress,
    ratings: ctx.repositories.ratings,
    grants: ctx.services.mediaGrants,
    previewSeconds: ctx.config.previewSeconds,
  }
  const withWords = createCatalogueService({ ...base, words: ctx.services.trackWords })
  const today = createCatalogueService(base)
  const query = (params: Record<string, string>) => () => videoListQuerySchema.parse(params)
  const allPages = async (service: typeof today, sort: string) => {
    let cursor: string | null = null
    let seen = 0
    do {
      const page = await service.list(user, 'vi', query({ sort, limit: String(LIST_MAX_LIMIT), ...(cursor ? { cursor } : {}) }))
      seen += page.data.length
      cursor = page.next_cursor
    } while (cursor)
    if (seen !== VIDEOS) throw new Error(`the list held ${seen} videos, not ${VIDEOS}`)
  }
  const first = await withWords.list(user, 'vi', query({ sort: 'newest' }))
  if (first.data[0]?.words.known_share == null) throw new Error('the list carries no known_share: the seed is wrong')
  const [firstPageMs, firstPageFloorMs] = await timePair(
    () => withWords.list(user, 'vi', query({ sort: 'newest', limit: String(LIST_DEFAULT_LIMIT) })),
    () => today.list(user, 'vi', query({ sort: 'newest', limit: String(LIST_DEFAULT_LIMIT) })),
  )
  const [allPagesMs, allPagesFloorMs] = await timePair(
    () => allPages(withWords, 'newest'),
    () => allPages(today, 'newest'),
  )
  const [comprehensibleMs, comprehensibleFloorMs] = await timePair(
    () => allPages(withWords, 'comprehensible'),
    () => allPages(today, 'newest'),
  )
  return {
    firstPageMs,
    firstPageFloorMs,
    firstPageRatio: firstPageMs / firstPageFloorMs,
    allPagesMs,
    allPagesFloorMs,
    allPagesRatio: allPagesMs / allPagesFloorMs,
    comprehensibleMs,
    comprehensibleRatio: comprehensibleMs / comprehensibleFloorMs,
  }
}

/** contract/known-share.ts as a script for the page: window.__shares(counts, states) and window.__floor(counts). */
function shareScript(): string {
  const source = fs.readFileSync(path.join(ROOT, 'contract', 'known-share.ts'), 'utf8')
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } }).outputText.replace(/^export /gmu, '').replace(/^Object\.defineProperty\(exports.*$/gmu, '').replace(/exports\.\w+ = /gu, '')
  return `(() => { const exports = {}; ${js}
  window.__shares = (videos, entries) => {
    const states = new Map(entries)
    const started = performance.now()
    let sum = 0
    for (const counts of videos) sum += knownShare(counts, states).known_share
    return { ms: performance.now() - started, sum }
  }
  window.__floor = (videos) => {
    const started = performance.now()
    let sum = 0
    for (const counts of videos) for (const [, count] of counts) sum += count
    return { ms: performance.now() - started, sum }
  }
})()`
}

async function deviceSide(counts: Array<Array<[string, number]>>, states: Map<string, WordState>): Promise<KnownShareBenchResult['device']> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto('about:blank')
    // The counts and states live in the page, as the device keeps them; only the arithmetic is timed.
    await page.evaluate(shareScript())
    await page.evaluate(([videos, entries]) => Object.assign(window, { __videos: videos, __entries: entries }), [counts, [...states]] as const)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    type Bench = { __shares: (v: unknown, e: unknown) => { ms: number }; __floor: (v: unknown) => { ms: number }; __videos: unknown; __entries: unknown }
    const runs: number[] = []
    const floors: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      runs.push(await page.evaluate(() => (window as unknown as Bench).__shares((window as unknown as Bench).__videos, (window as unknown as Bench).__entries).ms))
      floors.push(await page.evaluate(() => (window as unknown as Bench).__floor((window as unknown as Bench).__videos).ms))
    }
    const ms = median(runs)
    const floorMs = median(floors)
    return { ms, floorMs, ratio: ms / floorMs }
  } finally {
    await browser.close()
  }
}

export async function runKnownShareBench(): Promise<KnownShareBenchResult> {
  console.log(`\n## known_share for ${VIDEOS.toLocaleString('en-US')} videos: on the server (the catalogue's list) and on the device (contract/known-share at ${CPU_SLOWDOWN}× CPU), each against its floor`)
  const server = await startTestServer({ checkAnswers: false })
  try {
    const counts = videoCounts()
    const states = learnerStates()
    const { user } = await signIn(server, 'known-share-bench@example.com')
    await seedKnownShare(server, counts, states, user.id)
    const onServer = await serverSide(server, user.id)
    const onDevice = await deviceSide(counts, states)
    const result: KnownShareBenchResult = { server: onServer, device: onDevice, goalMet: onServer.firstPageRatio <= KNOWN_SHARE_GOAL_RATIO }
    const fmt = (n: number, digits = 1) => n.toFixed(digits)
    console.log(`  server, first page (${LIST_DEFAULT_LIMIT}) with words ${fmt(onServer.firstPageMs)} ms; floor, the same list without words (today's) ${fmt(onServer.firstPageFloorMs)} ms; ratio ${fmt(onServer.firstPageRatio, 2)} (goal ≤ ${KNOWN_SHARE_GOAL_RATIO}): ${result.goalMet ? 'met' : 'NOT met'}`)
    console.log(`  server, all ${VIDEOS} in pages of ${LIST_MAX_LIMIT} with words ${fmt(onServer.allPagesMs)} ms; floor without words ${fmt(onServer.allPagesFloorMs)} ms; ratio ${fmt(onServer.allPagesRatio, 2)}`)
    console.log(`  server, sort=comprehensible (all ${VIDEOS} ranked, then paged) ${fmt(onServer.comprehensibleMs)} ms; ratio to newest without words ${fmt(onServer.comprehensibleRatio, 2)}`)
    console.log(`  device, knownShare over ${VIDEOS} videos' kept counts (${WORDS_PER_VIDEO} keys each) and ${KNOWN + LEARNING} states ${fmt(onDevice.ms)} ms; floor, one pass summing the same counts ${fmt(onDevice.floorMs)} ms; ratio ${fmt(onDevice.ratio, 2)}; ${fmt((onDevice.ms / INP_GOAL_MS) * 100)} % of the list's INP goal (< ${INP_GOAL_MS} ms)`)
    return result
  } finally {
    await server.close()
  }
}
