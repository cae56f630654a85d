/**
 * The switch to a new ladder (issue 34) on both engines: one write that sets the media key and
 * `ready`, made only while the job's claim holds. A worker whose lease another worker took (the
 * attempt count moved on) or whose job is no longer running switches nothing.
 */
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { newMediaKey } from '../storage/media-paths.ts'
import { createSubmissionsRepository } from './submissions.repository.ts'

describeOnEachEngine((_engine, database) => {
  it('markReady switches the media key only for the claim that holds the job', async () => {
    const db = database().db
    const user = await db.insertInto('users').values({ email: 'maker@example.com', created_at: '2026-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow()
    const submissions = createSubmissionsRepository(db)
    const id = await submissions.insert({
      userId: user.id, clientId: crypto.randomUUID(), title: 'T', description: '', proficiencyLevel: 'beginner', languageCode: 'vi',
      seriesName: null, episodeNumber: null, publishable: true, creatorEmails: [], nowIso: '2026-01-01T00:00:00.000Z',
    })
    const job = await db.insertInto('jobs').values({ kind: 'process_submission', payload: '{}', created_at: 0, state: 'running', attempts: 2, claims: 2 }).returning('id').executeTakeFirstOrThrow()
    const [stale, current] = [newMediaKey(), newMediaKey()]

    // Claim 1 lost its lease: claim 2 holds the job now.
    expect(await submissions.markReady(id, 42, stale, { jobId: job.id, claim: 1 })).toBe(false)
    expect(await submissions.findById(id)).toMatchObject({ media_key: null, processing_state: 'waiting' })

    expect(await submissions.markReady(id, 42, current, { jobId: job.id, claim: 2 })).toBe(true)
    expect(await submissions.findById(id)).toMatchObject({ media_key: current, processing_state: 'ready', duration_seconds: 42 })

    // A job that is no longer running (given up, done) switches nothing either.
    await db.updateTable('jobs').set({ state: 'failed' }).where('id', '=', job.id).execute()
    expect(await submissions.markReady(id, 42, stale, { jobId: job.id, claim: 2 })).toBe(false)
    expect((await submissions.findById(id))!.media_key).toBe(current)
  })
})
