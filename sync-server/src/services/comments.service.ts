/**
 * Comments are a premium conversation: reading and posting need premium (admins too). A comment is
 * stored once per client_id, so the outbox may resend it freely; a client_id reused on another video
 * is a conflict (409), never the other video's comment.
 */
import { z } from 'zod'
import type { Comment, commentBodySchema, Page } from '../../../contract/index.ts'
import { ERROR_CODES } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, notFound } from '../errors.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import type { CatalogueRepository } from '../repositories/catalogue.repository.ts'
import type { CommentRow, CommentsRepository } from '../repositories/comments.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'

const cursorSchema = z.object({ i: z.number().int().nonnegative() })

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  // A deleted account's comment says so by its flag, never by a word in one language.
  text: row.author_deleted_at === null ? row.text : '',
  author: { display_name: row.author_display_name },
  created_at: row.created_at,
  deleted: row.author_deleted_at !== null,
})

export type CommentsService = ReturnType<typeof createCommentsService>

export function createCommentsService(deps: { comments: CommentsRepository; catalogue: CatalogueRepository; clock: Clock }) {
  /** Premium first, then the video: `videoIdOf` parses the path's id only once the caller may ask. */
  async function checkAccess(user: UserRow, videoIdOf: () => number): Promise<number> {
    if (user.is_premium !== 1 && user.is_admin !== 1) {
      throw new ApiError(403, ERROR_CODES.premiumRequired, 'Sign up for premium to join the conversation.')
    }
    const videoId = videoIdOf()
    if (!(await deps.catalogue.findPublished(videoId))) throw notFound('No such video.')
    return videoId
  }

  return {
    /** `queryOf` parses the query (the route's schema) once access is settled. */
    async list(user: UserRow, videoIdOf: () => number, queryOf: () => { cursor?: string; limit: number }): Promise<Page<Comment>> {
      const videoId = await checkAccess(user, videoIdOf)
      const query = queryOf()
      const after = decodeCursor(cursorSchema, query.cursor)
      const rows = await deps.comments.page(videoId, after?.i ?? 0, query.limit + 1)
      const page = pageOf(rows, query.limit, (row) => ({ i: row.id }))
      return { data: page.data.map(toComment), next_cursor: page.next_cursor }
    },

    /** Access is checked before the body, so a learner without premium hears about premium first. */
    async post(user: UserRow, videoIdOf: () => number, bodyOf: () => z.output<typeof commentBodySchema>) {
      const videoId = await checkAccess(user, videoIdOf)
      const input = bodyOf().comment
      const { comment, created } = await deps.comments.insertOnce(videoId, user.id, input.client_id, input.text, new Date(deps.clock.now()).toISOString())
      // A client_id names one comment on one video: the same id on another video is a client bug, not a retry.
      if (comment.video_id !== videoId) {
        throw new ApiError(409, ERROR_CODES.conflict, 'This client_id was already used for a comment on another video.')
      }
      return { comment: toComment(comment), created }
    },
  }
}
