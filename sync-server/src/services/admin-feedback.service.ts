/** Reading feedback as an admin: search text or e-mail, a time range, newest first, one at a time. */
import { z } from 'zod'
import type { AdminFeedback, AdminFeedbackRange, Page } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { notFound } from '../errors.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import type { AdminFeedbackRepository, AdminFeedbackRow } from '../repositories/admin-feedback.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

const cursorSchema = z.object({ c: z.string().max(40), i: z.number().int() })
const RANGE_DAYS: Record<AdminFeedbackRange, number | null> = { all: null, '30d': 30, '7d': 7 }

const toAdminFeedback = (row: AdminFeedbackRow): AdminFeedback => ({
  id: row.id,
  feedback: row.feedback,
  environment_data: row.environment_data === null ? null : (JSON.parse(row.environment_data) as Record<string, unknown>),
  user: { id: row.user_id, email: row.user_email, display_name: row.user_display_name },
  created_at: row.created_at,
})

export type AdminFeedbackService = ReturnType<typeof createAdminFeedbackService>

export function createAdminFeedbackService(deps: { feedback: AdminFeedbackRepository; clock: Clock }) {
  return {
    async list(admin: UserRow, query: { q?: string; range: AdminFeedbackRange; cursor?: string; limit: number }): Promise<Page<AdminFeedback>> {
      requireAdmin(admin)
      const days = RANGE_DAYS[query.range]
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = await deps.feedback.list({
        q: query.q,
        since: days === null ? undefined : new Date(deps.clock.now() - days * 86_400_000).toISOString(),
        after: after && { created: after.c, id: after.i },
        limit: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (row) => ({ c: row.created_at, i: row.id }))
      return { data: page.data.map(toAdminFeedback), next_cursor: page.next_cursor }
    },

    async get(admin: UserRow, id: number): Promise<AdminFeedback> {
      requireAdmin(admin)
      const row = await deps.feedback.findById(id)
      if (!row) throw notFound('No such feedback.')
      return toAdminFeedback(row)
    },
  }
}
