import type { Kysely } from 'kysely'
import type { Dialect } from '../../../contract/index.ts'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database, Row, RowUpdate } from '../db/schema.ts'

/** A submissions row with its uploader (flags 0/1, times as ISO text or epoch ms). */
export type SubmissionRow = Row<'submissions'> & {
  uploader_email: string
  uploader_display_name: string | null
}

export interface NewSubmission {
  userId: number
  clientId: string | null
  title: string
  description: string
  /** One of the four levels (the schema checks it; the database's CHECK too). */
  proficiencyLevel: string
  languageCode: string
  seriesName: string | null
  episodeNumber: number | null
  publishable: boolean
  creatorEmails: string[]
  nowIso: string
  dialect?: Dialect | null
}

export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>

async function updateSubmission(db: Kysely<Database>, id: number, values: RowUpdate<'submissions'>): Promise<void> {
  await db.updateTable('submissions').set(values).where('id', '=', id).execute()
}

/** A submission's tus upload: the contributor's unfinished ones, binding, progress, completion, unbinding. */
function uploadBinding(db: Kysely<Database>) {
  const update = (id: number, values: RowUpdate<'submissions'>) => updateSubmission(db, id, values)
  return {
    /**
     * A contributor's unfinished uploads (uploading, not yet complete), leaving out one submission (the
     * one whose upload a new one would replace): how many, and the bytes they declared (a deferred length
     * counts as `deferredBytes`).
     */
    async unfinishedUploadsOf(userId: number, exceptSubmissionId: number, deferredBytes: number): Promise<{ count: number; bytes: number }> {
      const rows = await db
        .selectFrom('submissions')
        .select('upload_bytes_total')
        .where('user_id', '=', userId)
        .where('upload_state', '=', 'uploading')
        .where('upload_id', 'is not', null)
        .where('id', '!=', exceptSubmissionId)
        .execute()
      return { count: rows.length, bytes: rows.reduce((sum, row) => sum + Number(row.upload_bytes_total ?? deferredBytes), 0) }
    },
    bindUpload: (id: number, uploadId: string, bytesTotal: number | null, now: number) =>
      update(id, {
        upload_id: uploadId,
        upload_state: 'uploading',
        upload_bytes_total: bytesTotal,
        upload_activity_at: now,
        processing_state: 'waiting',
        processing_percent: 0,
        processing_error: null,
      }),
    async touchUpload(uploadId: string, now: number): Promise<void> {
      await db.updateTable('submissions').set({ upload_activity_at: now }).where('upload_id', '=', uploadId).execute()
    },
    /** False when it was complete already (a finish recorded twice enqueues its job once). */
    async completeUpload(id: number, bytesTotal: number): Promise<boolean> {
      const result = await db
        .updateTable('submissions')
        .set({ upload_state: 'complete', upload_bytes_total: bytesTotal, processing_state: 'queued', processing_percent: 0, processing_error: null })
        .where('id', '=', id)
        .where('upload_state', '!=', 'complete')
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    unbindUpload: (id: number) =>
      update(id, {
        upload_id: null,
        upload_state: 'awaiting',
        upload_bytes_total: null,
        upload_activity_at: null,
        processing_state: 'waiting',
        processing_percent: 0,
      }),
  }
}

/**
 * Over `db` or over a transaction (`createSubmissionsRepository(trx)`). With `locking`, a new submission
 * is written under its contributor's lock (db/dialect/locking.ts): none is left behind by a deletion.
 */
export function createSubmissionsRepository(db: Kysely<Database>, locking?: Locking) {
  const select = () =>
    db
      .selectFrom('submissions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('s')
      .select(['u.email as uploader_email', 'u.display_name as uploader_display_name'])

  const update = (id: number, values: RowUpdate<'submissions'>) => updateSubmission(db, id, values)

  return {
    findById: (id: number): Promise<SubmissionRow | undefined> => select().where('s.id', '=', id).executeTakeFirst(),
    findByClientId: (userId: number, clientId: string): Promise<SubmissionRow | undefined> =>
      select().where('s.user_id', '=', userId).where('s.client_id', '=', clientId).executeTakeFirst(),
    findByUploadId: (uploadId: string): Promise<SubmissionRow | undefined> =>
      select().where('s.upload_id', '=', uploadId).executeTakeFirst(),
    listOfUser: (userId: number, beforeId: number, limit: number): Promise<SubmissionRow[]> =>
      select().where('s.user_id', '=', userId).where('s.id', '<', beforeId).orderBy('s.id', 'desc').limit(limit).execute(),
    listAll: (beforeId: number, limit: number): Promise<SubmissionRow[]> =>
      select().where('s.id', '<', beforeId).orderBy('s.id', 'desc').limit(limit).execute(),
    async creators(id: number): Promise<string[]> {
      const rows = await db.selectFrom('submission_creators').select('email').where('submission_id', '=', id).orderBy('email').execute()
      return rows.map((row) => row.email)
    },
    /** Inserts the submission and its creators together (in the caller's transaction, or one of its own); returns the new id. */
    async insert(input: NewSubmission): Promise<number> {
      const write = async (trx: Kysely<Database>) => {
        const { id } = await trx
          .insertInto('submissions')
          .values({
            user_id: input.userId,
            client_id: input.clientId,
            title: input.title,
            description: input.description,
            proficiency_level: input.proficiencyLevel as Row<'submissions'>['proficiency_level'],
            language_code: input.languageCode,
            series_name: input.seriesName,
            episode_number: input.episodeNumber,
            publishable: input.publishable ? 1 : 0,
            created_at: input.nowIso,
            dialect: input.dialect ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const emails = [...new Set(input.creatorEmails)]
        if (emails.length > 0) {
          await trx
            .insertInto('submission_creators')
            .values(emails.map((email) => ({ submission_id: id, email })))
            .onConflict((conflict) => conflict.doNothing())
            .execute()
        }
        return id
      }
      if (db.isTransaction) return write(db)
      return locking ? personTransaction(db, locking, input.userId, write) : db.transaction().execute(write)
    },
    ...uploadBinding(db),
    setProcessing: (id: number, state: SubmissionRow['processing_state'], percent: number, error: string | null = null) =>
      update(id, { processing_state: state, processing_percent: percent, processing_error: error }),
    dropSource: (id: number) => update(id, { upload_id: null }),
    setMediaKey: (id: number, key: string) => update(id, { media_key: key }),
    /**
     * The switch to a new ladder, in one write: ready, with the media key this attempt stored its ladder
     * under (issue 34: a fresh key per attempt, nothing renamed). With `lease`, only while that job's
     * claim still holds (its state running and its attempt count unchanged): a worker that lost its lease
     * to another switches nothing. False when nothing was switched.
     */
    async markReady(id: number, durationSeconds: number, mediaKey: string, lease?: { jobId: number; claim: number }): Promise<boolean> {
      let query = db
        .updateTable('submissions')
        .set({ processing_state: 'ready', processing_percent: 100, processing_error: null, duration_seconds: durationSeconds, media_key: mediaKey })
        .where('id', '=', id)
      if (lease) {
        query = query.where((eb) =>
          eb.exists(
            eb.selectFrom('jobs').select('jobs.id').where('jobs.id', '=', lease.jobId).where('jobs.state', '=', 'running').where('jobs.claims', '=', lease.claim),
          ),
        )
      }
      const result = await query.executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    /** The review's decision, only while the submission waits for one; false when it no longer does. */
    async decide(id: number, value: 'accepted' | 'rejected'): Promise<boolean> {
      const result = await db
        .updateTable('submissions')
        .set({ status: value })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('published_video_id', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    setDialect: (id: number, dialect: Dialect | null) => update(id, { dialect }),
    /** Publishing accepts a waiting submission. False when it is gone, already published or declined. */
    async markPublished(id: number, videoId: number): Promise<boolean> {
      const result = await db
        .updateTable('submissions')
        .set({ published_video_id: videoId, status: 'accepted' })
        .where('id', '=', id)
        .where('published_video_id', 'is', null)
        .where('status', '!=', 'rejected')
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    /** The admin dashboard's counts: processed and not yet published nor declined; and waiting for review. */
    async reviewCounts(): Promise<{ readyToPublish: number; waitingForReview: number }> {
      const row = await db
        .selectFrom('submissions')
        .select((eb) => [
          eb.fn
            .sum<number | string | null>(
              eb.case().when(eb.and([eb('processing_state', '=', 'ready'), eb('media_key', 'is not', null), eb('status', '!=', 'rejected')])).then(1).else(0).end(),
            )
            .as('ready'),
          eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('waiting'),
        ])
        .where('published_video_id', 'is', null)
        .executeTakeFirstOrThrow()
      return { readyToPublish: Number(row.ready ?? 0), waitingForReview: Number(row.waiting ?? 0) }
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('submissions').where('id', '=', id).execute()
    },
    silentUploads: (before: number): Promise<SubmissionRow[]> =>
      select()
        .where('s.upload_state', '=', 'uploading')
        .where('s.upload_id', 'is not', null)
        .where('s.upload_activity_at', '<', before)
        .execute(),
    uploadingNow: (): Promise<SubmissionRow[]> =>
      select().where('s.upload_state', '=', 'uploading').where('s.upload_id', 'is not', null).execute(),
    async hasAny(): Promise<boolean> {
      return (await db.selectFrom('submissions').select('id').limit(1).executeTakeFirst()) !== undefined
    },
    /** The titles of one uploader's submissions, and which of them are published: the demo seed's progress. */
    async titlesOfUploader(email: string): Promise<{ title: string; published: boolean }[]> {
      const rows = await db
        .selectFrom('submissions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.title', 's.published_video_id'])
        .where('u.email', '=', email)
        .orderBy('s.id')
        .execute()
      return rows.map((row) => ({ title: row.title, published: row.published_video_id !== null }))
    },
  }
}
