/** The admin jobs view (issue 34): every job or those of one state, newest first, paged, and "retry now". */
import { z } from 'zod'
import type { AdminJob, AdminJobStateFilter, Page } from '../../../contract/index.ts'
import { ApiError, notFound } from '../errors.ts'
import { ERROR_CODES } from '../../../contract/index.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import type { JobRow, JobsRepository } from '../repositories/jobs.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

const cursorSchema = z.object({ i: z.number().int() })
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString())

export type AdminJobsService = ReturnType<typeof createAdminJobsService>

export function createAdminJobsService(deps: { jobs: JobsRepository; queue: AppJobQueue }) {
  const toAdminJob = (row: JobRow): AdminJob => ({
    id: row.id,
    kind: row.kind,
    state: row.state as AdminJob['state'],
    attempts: row.attempts,
    max_attempts: deps.queue.registry.get(row.kind)?.maxAttempts ?? null,
    error: row.error,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    run_after: row.state === 'queued' ? iso(row.run_after) : null,
  })

  return {
    async list(admin: UserRow, query: { state: AdminJobStateFilter; cursor?: string; limit: number }): Promise<Page<AdminJob>> {
      requireAdmin(admin)
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = await deps.jobs.list({ state: query.state === 'all' ? undefined : query.state, beforeId: after?.i, limit: query.limit + 1 })
      const page = pageOf(rows, query.limit, (row) => ({ i: row.id }))
      return { data: page.data.map(toAdminJob), next_cursor: page.next_cursor }
    },

    /** A failed job goes back to the queue now, with its attempts reset (its last error kept until it runs). */
    async retryNow(admin: UserRow, id: number): Promise<AdminJob> {
      requireAdmin(admin)
      const row = await deps.jobs.retryFailedNow(id)
      if (!row) {
        if (!(await deps.jobs.byId(id))) throw notFound('No such job.')
        throw new ApiError(409, ERROR_CODES.conflict, 'Only a failed job can be retried.')
      }
      deps.queue.wake()
      return toAdminJob(row)
    },
  }
}
