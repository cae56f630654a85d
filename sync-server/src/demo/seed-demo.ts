/**
 * A demo catalogue for a new DATA_DIR outside production, so a first user sees something real:
 * short generated clips (test pattern + tone; no drawtext, fonts may be missing) across the four
 * levels and the three access levels, with one series of three episodes. Each clip goes through the
 * same path as a contributor's video: a submission with a finished upload, the processing job
 * (probe + HLS ladder), then the publish step. Sources are generated first and the rows written in
 * one transaction, so an interrupted seed leaves no rows and runs again at the next start.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { PublishFields } from '../../../contract/index.ts'
import type { Kysely } from 'kysely'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { generateTestVideo } from '../media/ffmpeg.ts'
import { uploadFiles, uploadsDir } from '../media/media-paths.ts'
import { createPublishingRepository } from '../repositories/publishing.repository.ts'
import { createSubmissionsRepository } from '../repositories/submissions.repository.ts'
import { PROCESS_SUBMISSION_JOB } from '../services/uploads.service.ts'

const DEMO_EMAIL = 'demo-contributor@dehieu.local'
const SERIES = { name: 'Một ngày ở Hà Nội', description: 'A day in Hanoi, in three short episodes.' }

interface DemoClip {
  title: string
  description: string
  level: PublishFields['proficiency_level']
  access: 'free' | 'premium' | 'preview'
  seconds: number
  size: [number, number]
  pattern: 'testsrc2' | 'smptebars' | 'rgbtestsrc' | 'testsrc'
  frequency: number
  episode?: number
}

const CLIPS: DemoClip[] = [
  { title: 'Xin chào!', description: 'Greetings, slowly and with gestures.', level: 'introductory', access: 'free', seconds: 12, size: [1280, 720], pattern: 'testsrc2', frequency: 330 },
  { title: 'Màu sắc', description: 'Colours around the house.', level: 'introductory', access: 'preview', seconds: 15, size: [640, 360], pattern: 'smptebars', frequency: 392 },
  { title: 'Buổi sáng', description: 'Episode 1: breakfast and coffee.', level: 'beginner', access: 'free', seconds: 14, size: [640, 360], pattern: 'testsrc', frequency: 440, episode: 1 },
  { title: 'Đi chợ', description: 'Episode 2: at the market.', level: 'beginner', access: 'premium', seconds: 16, size: [640, 360], pattern: 'rgbtestsrc', frequency: 494, episode: 2 },
  { title: 'Buổi tối', description: 'Episode 3: dinner with friends.', level: 'intermediate', access: 'preview', seconds: 18, size: [1280, 720], pattern: 'testsrc2', frequency: 523, episode: 3 },
  { title: 'Tin tức hôm nay', description: 'The day\'s news, at natural speed.', level: 'advanced', access: 'premium', seconds: 20, size: [640, 360], pattern: 'smptebars', frequency: 587 },
]

/** True when the data folder already holds a catalogue or submissions: then nothing is seeded. */
export async function hasData(ctx: Pick<AppContext, 'database'>, db: Kysely<Database> = ctx.database.db): Promise<boolean> {
  return (await createPublishingRepository(db).hasAnyVideo()) || (await createSubmissionsRepository(db).hasAny())
}

/** Generates the clips and enqueues their processing; resolves once the jobs are queued (not done). */
export async function seedDemoCatalogue(ctx: AppContext, options: { clipSeconds?: number } = {}): Promise<number[]> {
  if (await hasData(ctx)) return []
  fs.mkdirSync(uploadsDir(ctx.config.dataDir), { recursive: true })
  const sources: { clip: DemoClip; uploadId: string; bytes: number }[] = []
  for (const clip of CLIPS) {
    const uploadId = crypto.randomBytes(16).toString('hex')
    const file = uploadFiles(ctx.config.dataDir, uploadId).data
    // Tests shorten the clips; the pipeline is the same.
    await generateTestVideo({ out: file, seconds: options.clipSeconds ?? clip.seconds, width: clip.size[0], height: clip.size[1], pattern: clip.pattern, frequency: clip.frequency })
    sources.push({ clip, uploadId, bytes: fs.statSync(file).size })
  }
  const { jobs, clock } = ctx
  const nowIso = new Date(clock.now()).toISOString()
  const jobIds = await ctx.database.db.transaction().execute(async (trx) => {
    if (await hasData(ctx, trx)) return []
    const submissions = createSubmissionsRepository(trx)
    // The demo contributor's account, written here so it commits (or not) with the rest.
    const user = await trx
      .insertInto('users')
      .values({ email: DEMO_EMAIL, created_at: nowIso, is_contributor: 1 })
      .onConflict((conflict) => conflict.column('email').doUpdateSet({ is_contributor: 1 }))
      .returning('id')
      .executeTakeFirstOrThrow()
    const seriesId = await createPublishingRepository(trx).insertSeries('vi', SERIES.name, SERIES.description, nowIso)
    const ids: number[] = []
    for (const { clip, uploadId, bytes } of sources) {
      const submissionId = await submissions.insert({
        userId: user.id,
        clientId: crypto.randomUUID(),
        title: clip.title,
        description: clip.description,
        proficiencyLevel: clip.level,
        languageCode: 'vi',
        seriesName: clip.episode ? SERIES.name : null,
        episodeNumber: clip.episode ?? null,
        publishable: true,
        creatorEmails: [DEMO_EMAIL],
        nowIso,
      })
      await submissions.bindUpload(submissionId, uploadId, bytes, clock.now())
      await submissions.completeUpload(submissionId, bytes)
      await submissions.setStatus(submissionId, 'accepted')
      const fields: PublishFields = {
        title: clip.title,
        description: clip.description,
        proficiency_level: clip.level,
        is_free: clip.access === 'free',
        youtube_title: null,
        youtube_description: null,
        series_mode: clip.episode ? 'existing' : 'none',
        series_id: clip.episode ? seriesId : null,
        new_series_name: null,
        new_series_description: null,
        episode_number: clip.episode ?? null,
      }
      ids.push(await jobs.enqueue(PROCESS_SUBMISSION_JOB, { submissionId, autoPublish: { fields, access: clip.access } }, trx))
    }
    return ids
  })
  jobs.wake()
  if (jobIds.length === 0) {
    for (const { uploadId } of sources) fs.rmSync(uploadFiles(ctx.config.dataDir, uploadId).data, { force: true })
  }
  return jobIds
}
