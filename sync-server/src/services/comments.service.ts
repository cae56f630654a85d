/**
 * Comments are a premium conversation: reading and posting need premium (admins too). A comment is
 * stored once per client_id, so the outbox may resend it freely.
 */
import { z } from 'zod'
import type { Comment, Page } from '../../../contract/index.ts'
import { commentBodySchema, ERROR_CODES, listLimitSchema } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, notFound } from '../errors.ts'
import { parseWith } from '../middleware/validate.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import type { CatalogueRepository } from '../repositories/catalogue.repository.ts'
import type { CommentRow, CommentsRepository } from '../repositories/comments.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'

const querySchema = z.object({ cursor: z.string().max(200).optional(), limit: listLimitSchema })
const cursorSchema = z.object({ i: z.number().int().nonnegative() })

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  text: row.text,
  author: { display_name: row.author_display_name },
  created_at: row.created_at,
})

export type CommentsService = ReturnType<typeof createCommentsService>

export function createCommentsService(deps: { comments: CommentsRepository; catalogue: CatalogueRepository; clock: Clock }) {
  function checkAccess(user: UserRow, videoId: number) {
    if (user.is_premium !== 1 && user.is_admin !== 1) {
      throw new ApiError(403, ERROR_CODES.premiumRequired, 'Sign up for premium to join the conversation.')
    }
    if (!deps.catalogue.findPublished(videoId)) throw notFound('No such video.')
  }

  return {
    list(user: UserRow, videoId: number, rawQuery: unknown): Page<Comment> {
      checkAccess(user, videoId)
      const query = parseWith(querySchema, rawQuery)
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = deps.comments.page(videoId, after?.i ?? 0, query.limit + 1)
      const page = pageOf(rows, query.limit, (row) => ({ i: row.id }))
      return { data: page.data.map(toComment), next_cursor: page.next_cursor }
    },

    /** Access is checked before the body, so a learner without premium hears about premium first. */
    post(user: UserRow, videoId: number, body: unknown) {
      checkAccess(user, videoId)
      const input = parseWith(commentBodySchema, body).comment
      const { comment, created } = deps.comments.insertOnce(videoId, user.id, input.client_id, input.text, new Date(deps.clock.now()).toISOString())
      return { comment: toComment(comment), created }
    },
  }
}
