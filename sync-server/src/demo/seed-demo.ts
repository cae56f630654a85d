/**
 * A demo catalogue for a new DATA_DIR outside production, so a first user can learn something: short
 * graded videos made from the project's own scripts (catalogue.ts), spoken by espeak-ng in the three
 * Vietnamese voices, each line drawn on screen as it is heard, with captions from the same timings.
 * Each video goes through the same path as a contributor's: a submission with a finished upload, the
 * processing job (probe + HLS ladder), then the publish step. Sources are generated first and the rows
 * written in one transaction, so an interrupted seed leaves no rows and runs again at the next start.
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
import { DEMO_GLOSSARY } from './glossary/index.ts'
import { makeDemoClip, type DemoClipResult } from './demo-clip.ts'

const DEMO_EMAIL = 'demo-contributor@dehieu.local'

/**
 * The speakers: one account per espeak-ng voice, named, featured on the videos that voice speaks, so
 * the list's guide filter and the cards' "with …" line work from the first start (issue 32).
 */
export const DEMO_SPEAKERS: Record<DemoVideo['dialect'], { email: string; name: string }> = {
  northern: { email: 'voice-northern@dehieu.local', name: 'Giọng Bắc (espeak)' },
  central: { email: 'voice-central@dehieu.local', name: 'Giọng Trung (espeak)' },
  southern: { email: 'voice-southern@dehieu.local', name: 'Giọng Nam (espeak)' },
}

/** True when the data folder already holds a catalogue or submissions: then nothing is seeded. */
export async function hasData(ctx: Pick<AppContext, 'database'>, db: Kysely<Database> = ctx.database.db): Promise<boolean> {
  return (await createPublishingRepository(db).hasAnyVideo()) || (await createSubmissionsRepository(db).hasAny())
}

/**
 * Generates the videos and enqueues their processing; resolves once the jobs are queued (not done).
 * `sayings` keeps only the first few sayings of each script: the tests' short demo, through the same
 * pipeline.
 */
export async function seedDemoCatalogue(ctx: AppContext, options: { sayings?: number } = {}): Promise<number[]> {
  if (await hasData(ctx)) return []
  const sources: { clip: DemoVideo; uploadId: string; bytes: number; made: DemoClipResult }[] = []
  const scratch = await ctx.storage.scratch()
  try {
    for (const clip of DEMO_VIDEOS) {
      const uploadId = crypto.randomBytes(16).toString('hex')
      const file = path.join(scratch.dir, uploadId)
      const made = await makeDemoClip(clip, file, { sayings: options.sayings })
      const bytes = fs.statSync(file).size
      // Stored as a finished tus upload would be: DATA_DIR/uploads or the bucket.
      await ctx.storage.uploads.importFile(uploadId, file)
      sources.push({ clip, uploadId, bytes, made })
    }
  } finally {
    await scratch.remove()
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
    for (const speaker of Object.values(DEMO_SPEAKERS)) {
      await trx
        .insertInto('users')
        .values({ email: speaker.email, display_name: speaker.name, created_at: nowIso })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute()
    }
    // The meanings first, so the captions saved below are segmented against them.
    await ctx.services.lexicon.add(trx, 'vi', DEMO_GLOSSARY, 'demo', null)
    const seriesId = await createPublishingRepository(trx).insertSeries('vi', DEMO_SERIES.name, DEMO_SERIES.description, nowIso)
    const ids: number[] = []
    for (const { clip, uploadId, bytes, made } of sources) {
      const submissionId = await submissions.insert({
        userId: user.id,
        clientId: crypto.randomUUID(),
        title: clip.title,
        description: clip.description,
        proficiencyLevel: clip.level,
        languageCode: 'vi',
        seriesName: clip.episode ? DEMO_SERIES.name : null,
        episodeNumber: clip.episode ?? null,
        publishable: true,
        // The voice speaking is the video's guide.
        creatorEmails: [DEMO_SPEAKERS[clip.dialect].email],
        // The voice's dialect; publishing copies it to the video.
        dialect: clip.dialect,
        nowIso,
      })
      // Stored as an upload's captions are (checked, NFC), in this transaction.
      for (const track of made.captions) await ctx.services.captions.save(submissionId, track.language, track.vtt, { db: trx })
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
      ids.push(await jobs.enqueue('process_submission', { submissionId, autoPublish: { fields, access: clip.access } }, { trx }))
    }
    return ids
  })
  jobs.wake()
  if (jobIds.length === 0) {
    for (const { uploadId } of sources) await ctx.storage.uploads.remove(uploadId)
  }
  return jobIds
}
