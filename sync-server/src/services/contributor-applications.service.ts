/**
 * Contributor applications: anyone may apply with a short video (sniffed MP4, MOV or WebM, under
 * 50 MB). Admins list them and accept or reject; accepting makes that e-mail's account a contributor
 * now, or at its first sign-in (auth asks `isAcceptedEmail` when it creates the account). A decision
 * is final (issue 41: a stray click must not reject someone accepted): only a pending application is
 * decided, asking for the status it has already changes nothing, anything else is a 409.
 */
import path from 'node:path'
import type { ApplicationFields, ApplicationStatus, ContributorApplication } from '../../../contract/index.ts'
import { API_BASE, ERROR_CODES, LIST_DEFAULT_LIMIT } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Kysely } from 'kysely'
import type { Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { ApiError, notFound, rateLimited } from '../errors.ts'
import { applicationObjectKey, type MediaStore } from '../storage/media-store.ts'
import type { Stores } from '../storage/stores.ts'
import {
  createContributorApplicationsRepository,
  type ApplicationRow,
  type ContributorApplicationsRepository,
} from '../repositories/contributor-applications.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { ContributorMail } from './contributor-mail.ts'
import type { ReceivedFile } from './received-file.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

const HOUR_MS = 3_600_000

export type ContributorApplicationsService = ReturnType<typeof createContributorApplicationsService>

export function createContributorApplicationsService(deps: {
  db: Kysely<Database>
  locking: Locking
  applications: ContributorApplicationsRepository
  clock: Clock
  storage: Stores
  /** The ceiling on what the open form may store in any hour, from everyone together. */
  perHour: { videos: number; bytes: number }
  /** The replies by e-mail: received, accepted, declined. */
  mail: Pick<ContributorMail, 'applicationReceived' | 'applicationDecided'>
}) {
  const { applications } = deps

  /**
   * Refuses (429) when the last hour's application videos, with `adding` (one more video of its
   * size), would pass the hourly ceiling: the form is open to anyone,
   * and a per-IP limit alone lets many addresses fill the disk (issue 29). Read through `from`: the
   * submit's own transaction, where the count and the insert hold the ceiling's lock together.
   */
  async function checkHourlyCeiling(adding: { videos: number; bytes: number }, from: ContributorApplicationsRepository = applications): Promise<void> {
    const now = deps.clock.now()
    const stored = await from.storedSince(new Date(now - HOUR_MS).toISOString())
    if (stored.count + adding.videos <= deps.perHour.videos && stored.bytes + adding.bytes <= deps.perHour.bytes) return
    const wait = stored.oldest ? Date.parse(stored.oldest) + HOUR_MS - now : HOUR_MS
    throw rateLimited(wait / 1000, 'We are receiving a lot of applications right now. Please try again in an hour.')
  }

  /**
   * The count and the insert in one transaction under the ceiling's lock (issue 45: 45 applications
   * at once stored 32 against a ceiling of 30 when each counted before any had inserted). SQLite's
   * IMMEDIATE transactions take turns already; PostgreSQL takes an advisory lock first.
   */
  const insertUnderCeiling = (row: Parameters<ContributorApplicationsRepository['insert']>[0]) =>
    deps.db.transaction().execute(async (trx) => {
      await deps.locking.lockApplicationCeiling(trx)
      const inTrx = createContributorApplicationsRepository(trx)
      await checkHourlyCeiling({ videos: 1, bytes: row.video_bytes }, inTrx)
      return inTrx.insert(row)
    })

  function toView(row: ApplicationRow): ContributorApplication {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      location: row.location,
      english_ability: row.english_ability,
      notes: row.notes,
      status: row.status,
      video: { url: `${API_BASE}/admin/applications/${row.id}/video`, type: row.video_type, bytes: row.video_bytes },
      created_at: row.created_at,
      decided_at: row.decided_at,
    }
  }

  /** The decision and, when accepted, the account's contributor flag, in one transaction; `changed` false when it was decided already. */
  const decide = (id: number, status: ApplicationStatus, nowIso: string): Promise<{ row: ApplicationRow; changed: boolean }> =>
    deps.db.transaction().execute(async (trx) => {
      const inTrx = createContributorApplicationsRepository(trx)
      const row = await inTrx.findById(id)
      if (!row) throw notFound('No such application.')
      if (row.status === status) return { row, changed: false }
      // The guarded write: of two decisions at once, the second finds it decided.
      if (status === 'pending' || row.status !== 'pending' || !(await inTrx.decide(id, status, nowIso))) {
        const now = (await inTrx.findById(id))!
        if (now.status === status) return { row: now, changed: false }
        throw new ApiError(409, ERROR_CODES.conflict, now.status === 'accepted' ? 'This application was accepted already.' : 'This application was declined already.')
      }
      if (status === 'accepted') await inTrx.makeContributor(row.email)
      return { row: (await inTrx.findById(id))!, changed: true }
    })

  return {
    checkHourlyCeiling,

    /**
     * Moves the checked video into place under a server-chosen name, then records the application if
     * the hour's ceiling still has room (the video goes again when it has not). The store is written
     * first so that no row ever names a video that is not there, and so the lock is held only for the
     * count and the insert, not for the copy.
     */
    async submit(fields: ApplicationFields, video: ReceivedFile): Promise<{ id: number }> {
      const name = `${path.basename(video.path).split('.')[0]}.${video.ext}`
      const target = applicationObjectKey(name)
      await deps.storage.media.putFile(target, video.path, { contentType: video.type })
      try {
        const id = await insertUnderCeiling({
          ...fields,
          video_file: name,
          video_type: video.type,
          video_bytes: video.bytes,
          created_at: new Date(deps.clock.now()).toISOString(),
        })
        const stored = await applications.findById(id)
        if (stored) await deps.mail.applicationReceived(stored)
        return { id }
      } catch (error) {
        await deps.storage.media.remove(target).catch(() => undefined)
        throw error
      }
    },

    async list(admin: UserRow, status: ApplicationStatus | undefined, options: { before?: number; limit?: number } = {}) {
      requireAdmin(admin)
      const limit = options.limit ?? LIST_DEFAULT_LIMIT
      const rows = await applications.list(status, options.before ?? Number.MAX_SAFE_INTEGER, limit + 1)
      const page = rows.slice(0, limit)
      return { data: page.map(toView), next_cursor: rows.length > limit ? String(page[page.length - 1].id) : null }
    },

    async decide(admin: UserRow, id: number, status: ApplicationStatus): Promise<ContributorApplication> {
      requireAdmin(admin)
      const { row, changed } = await decide(id, status, new Date(deps.clock.now()).toISOString())
      // After the commit: the mail tells of a decision that stands. A repeated click mails nothing.
      if (changed) await deps.mail.applicationDecided(row)
      return toView(row)
    },

    /** The stored video's key in the media store (storage/media-store.ts) and its type. */
    async video(admin: UserRow, id: number): Promise<{ key: string; type: string; media: MediaStore }> {
      requireAdmin(admin)
      const row = await applications.findById(id)
      if (!row) throw notFound('No such application.')
      return { key: applicationObjectKey(path.basename(row.video_file)), type: row.video_type, media: deps.storage.media }
    },

    isAcceptedEmail: (email: string) => applications.isAcceptedEmail(email),
  }
}
