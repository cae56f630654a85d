/**
 * A demo catalogue for a new DATA_DIR outside production, so a first user can learn something: short
 * graded videos made from the project's own scripts (catalogue.ts), spoken by espeak-ng in the three
 * Vietnamese voices and its Cantonese one, each line drawn on screen as it is heard, with captions from
 * the same timings.
 * Each video goes through the same path as a contributor's: a submission with a finished upload, the
 * processing job (probe + HLS ladder), then the publish step.
 *
 * Video by video, shortest introductory first (issue 41): each is made, written (its rows in one
 * transaction) and queued before the next is made, so the first plays while the others are still being
 * made, and the list can say how many are ready (GET /demo/progress). An interrupted seed resumes at the
 * next start with the videos the demo contributor does not have yet.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { PublishFields } from '../../../contract/index.ts'
import type { Kysely } from 'kysely'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { createPublishingRepository } from '../repositories/publishing.repository.ts'
import { createSubmissionsRepository } from '../repositories/submissions.repository.ts'
import { DEMO_SERIES, DEMO_VIDEOS, type DemoVideo } from './catalogue.ts'
import { DEMO_GLOSSARIES } from './glossary/index.ts'
import { makeDemoClip } from './demo-clip.ts'

export const DEMO_EMAIL = 'demo-contributor@dehieu.local'

/**
 * The speakers: one account per espeak-ng voice, named, featured on the videos that voice speaks, so
 * the list's guide filter and the cards' "with …" line work from the first start (issue 32).
 */
export const DEMO_SPEAKERS: Record<NonNullable<DemoVideo['dialect']> | 'cantonese', { email: string; name: string }> = {
  northern: { email: 'voice-northern@dehieu.local', name: 'Giọng Bắc (espeak)' },
  central: { email: 'voice-central@dehieu.local', name: 'Giọng Trung (espeak)' },
  southern: { email: 'voice-southern@dehieu.local', name: 'Giọng Nam (espeak)' },
  cantonese: { email: 'voice-cantonese@dehieu.local', name: '粵語合成語音 (espeak)' },
}

/** The account of the voice speaking a video. */
export const speakerOf = (clip: DemoVideo) => DEMO_SPEAKERS[clip.dialect ?? 'cantonese']

const LEVEL_RANK: Record<DemoVideo['level'], number> = { introductory: 0, beginner: 1, intermediate: 2, advanced: 3 }
const LANGUAGE_RANK: Record<DemoVideo['language'], number> = { vi: 0, yue: 1 }
const spokenLength = (clip: DemoVideo) => clip.script.lines.reduce((sum, line) => sum + line.said.length * (line.repeat ?? clip.script.repeat), 0)

/**
 * The order the demo is made in: Vietnamese first, then Cantonese; by level, and within a level the
 * shortest first (a newcomer's first video is ready soonest); a series' episodes in their order.
 */
export const DEMO_ORDER: readonly DemoVideo[] = [...DEMO_VIDEOS].sort(
  (a, b) =>
    LANGUAGE_RANK[a.language] - LANGUAGE_RANK[b.language] ||
    LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
    (a.episode && b.episode ? a.episode - b.episode : 0) ||
    spokenLength(a) - spokenLength(b),
)

/** True when the data folder already holds a catalogue or submissions. */
export async function hasData(ctx: Pick<AppContext, 'database'>, db: Kysely<Database> = ctx.database.db): Promise<boolean> {
  return (await createPublishingRepository(db).hasAnyVideo()) || (await createSubmissionsRepository(db).hasAny())
}

async function demoAccountExists(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst()) !== undefined
}

/** The demo contributor, the speakers and the series, written once (again after a restart, unchanged). */
async function demoAccount(ctx: AppContext, nowIso: string): Promise<{ userId: number; seriesId: number }> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ email: DEMO_EMAIL, created_at: nowIso, is_contributor: 1 })
      .onConflict((conflict) => conflict.column('email').doUpdateSet({ is_contributor: 1 }))
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const speaker of Object.values(DEMO_SPEAKERS)) {
      await trx
        .insertInto('users')
        .values({ email: speaker.email, display_name: speaker.name, created_at: nowIso })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute()
    }
    // The meanings first, so the captions saved after are segmented against them (adding them again on a
    // resumed seed changes nothing).
    for (const [language, glossary] of Object.entries(DEMO_GLOSSARIES)) await ctx.services.lexicon.add(trx, language, glossary, 'demo', null)
    const publishing = createPublishingRepository(trx)
    const series = await publishing.findSeriesByName('vi', DEMO_SERIES.name)
    const seriesId = series?.id ?? (await publishing.insertSeries('vi', DEMO_SERIES.name, DEMO_SERIES.description, nowIso))
    return { userId: user.id, seriesId }
  })
}

/** Makes one video, stores it as a finished upload, and writes its submission and processing job in one transaction. */
async function seedOne(ctx: AppContext, clip: DemoVideo, owner: { userId: number; seriesId: number }, options: { sayings?: number }): Promise<number> {
  const uploadId = crypto.randomBytes(16).toString('hex')
  const scratch = await ctx.storage.scratch()
  let made: Awaited<ReturnType<typeof makeDemoClip>>
  let bytes: number
  try {
    const file = path.join(scratch.dir, uploadId)
    made = await makeDemoClip(clip, file, { sayings: options.sayings })
    bytes = fs.statSync(file).size
    // Stored as a finished tus upload would be: DATA_DIR/uploads or the bucket.
    await ctx.storage.uploads.importFile(uploadId, file)
  } finally {
    await scratch.remove()
  }
  const { clock } = ctx
  const nowIso = new Date(clock.now()).toISOString()
  try {
    return await ctx.database.db.transaction().execute(async (trx) => {
      const submissions = createSubmissionsRepository(trx)
      const submissionId = await submissions.insert({
        userId: owner.userId,
        clientId: crypto.randomUUID(),
        title: clip.title,
        description: clip.description,
        proficiencyLevel: clip.level,
        languageCode: clip.language,
        seriesName: clip.episode ? DEMO_SERIES.name : null,
        episodeNumber: clip.episode ?? null,
        publishable: true,
        // The voice speaking is the video's guide.
        creatorEmails: [speakerOf(clip).email],
        // The voice's dialect; publishing copies it to the video.
        dialect: clip.dialect,
        nowIso,
      })
      // Stored as an upload's captions are (checked, NFC), in this transaction.
      for (const track of made.captions) await ctx.services.captions.save(submissionId, track.language, track.vtt, { db: trx })
      await submissions.bindUpload(submissionId, uploadId, bytes, clock.now())
      await submissions.completeUpload(submissionId, bytes)
      await submissions.decide(submissionId, 'accepted')
      const fields: PublishFields = {
        title: clip.title,
        description: clip.description,
        proficiency_level: clip.level,
        is_free: clip.access === 'free',
        youtube_title: null,
        youtube_description: null,
        series_mode: clip.episode ? 'existing' : 'none',
        series_id: clip.episode ? owner.seriesId : null,
        new_series_name: null,
        new_series_description: null,
        episode_number: clip.episode ?? null,
      }
      return ctx.jobs.enqueue('process_submission', { submissionId, autoPublish: { fields, access: clip.access } }, { trx })
    })
  } catch (error) {
    await ctx.storage.uploads.remove(uploadId).catch(() => undefined)
    throw error
  }
}

/**
 * Makes and queues the demo videos the demo contributor does not have yet, one after the other; resolves
 * once the last is queued (not processed). Nothing when the data folder holds data of its own.
 * `sayings` keeps only the first few sayings of each script: the tests' short demo, same pipeline.
 */
export async function seedDemoCatalogue(ctx: AppContext, options: { sayings?: number } = {}): Promise<number[]> {
  const { db } = ctx.database
  if ((await hasData(ctx)) && !(await demoAccountExists(db))) return []
  const owner = await demoAccount(ctx, new Date(ctx.clock.now()).toISOString())
  const made = new Set((await createSubmissionsRepository(db).titlesOfUploader(DEMO_EMAIL)).map((row) => row.title))
  const jobIds: number[] = []
  for (const clip of DEMO_ORDER) {
    if (made.has(clip.title)) continue
    jobIds.push(await seedOne(ctx, clip, owner, options))
    made.add(clip.title)
    ctx.jobs.wake()
    ctx.logger.info({ title: clip.title, video: made.size, of: DEMO_ORDER.length }, `demo video made: ${clip.title} (${made.size} of ${DEMO_ORDER.length})`)
    // The first video transcodes alone, with both cores, before the next is made: a newcomer's first
    // video plays soonest. (Only where this process runs the jobs; the rest are made while they run.)
    if (jobIds.length === 1 && ctx.config.workers > 0) await ctx.jobs.waitFor(jobIds[0]!)
  }
  return jobIds
}

/**
 * The demo's progress: how many of its videos (of one language, when named) are published; null when no
 * demo is being made here. A language with no demo videos counts 0 of 0, which the page reads as nothing to wait for.
 */
export async function demoProgress(db: Kysely<Database>, language?: string): Promise<{ total: number; ready: number } | null> {
  const rows = await createSubmissionsRepository(db).titlesOfUploader(DEMO_EMAIL)
  if (!(await demoAccountExists(db))) return null
  const videos = DEMO_ORDER.filter((video) => language === undefined || video.language === language)
  const titles = new Set(videos.map((video) => video.title))
  return { total: videos.length, ready: rows.filter((row) => row.published && titles.has(row.title)).length }
}

/**
 * Logs each demo video as it is published, and once when all are: listens to this process's job queue
 * (the demo's jobs run where the server runs them). Returns the stop.
 */
export function logDemoPublishing(ctx: AppContext): () => void {
  const logged = new Set<string>()
  let checking = Promise.resolve()
  // The first look only notes what was published before this start: a restart does not log it again.
  let first = true
  const check = () => {
    checking = checking.then(async () => {
      const rows = await createSubmissionsRepository(ctx.database.db).titlesOfUploader(DEMO_EMAIL)
      const quiet = first
      first = false
      if (quiet && rows.length > 0 && rows.length >= DEMO_ORDER.length && rows.every((row) => row.published)) return stop()
      for (const row of rows) {
        if (!row.published || logged.has(row.title)) continue
        logged.add(row.title)
        if (quiet) continue
        ctx.logger.info({ title: row.title, video: logged.size, of: DEMO_ORDER.length }, `demo video published: ${row.title} (${logged.size} of ${DEMO_ORDER.length})`)
      }
      if (logged.size >= DEMO_ORDER.length) {
        stop()
        ctx.logger.info({ videos: logged.size }, `demo catalogue complete: ${logged.size} videos published`)
      }
    }).catch((error: unknown) => ctx.logger.warn({ err: error }, 'demo progress could not be read'))
  }
  const stop = () => void ctx.jobs.events.off('finished', check)
  ctx.jobs.events.on('finished', check)
  check()
  return stop
}
