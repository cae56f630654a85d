import type { Kysely } from 'kysely'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Database } from '../db/schema.ts'

export interface AdminFeedbackRow {
  id: number
  feedback: string
  environment_data: string | null
  created_at: string
  user_id: number
  user_email: string
  user_display_name: string | null
}

export type AdminFeedbackRepository = ReturnType<typeof createAdminFeedbackRepository>

export function createAdminFeedbackRepository(db: Kysely<Database>, search: TextSearch) {
  const select = () =>
    db
      .selectFrom('user_feedbacks as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.id', 'f.feedback', 'f.environment_data', 'f.created_at', 'u.id as user_id', 'u.email as user_email', 'u.display_name as user_display_name'])
  return {
    /** Newest first; `q` matches the feedback text or the sender's e-mail (db/dialect/text-search.ts). */
    list(filter: { q?: string; since?: string; after?: { created: string; id: number }; limit: number }): Promise<AdminFeedbackRow[]> {
      let query = select()
      const q = filter.q
      if (q) {
        query = query.where((eb) =>
          eb.or([search.contains({ table: 'user_feedbacks', alias: 'f' }, q), search.contains({ table: 'users', alias: 'u', columns: ['email'], idFrom: 'f.user_id' }, q)]),
        )
      }
      if (filter.since) query = query.where('f.created_at', '>=', filter.since)
      const after = filter.after
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('f.created_at', '<', after.created), eb.and([eb('f.created_at', '=', after.created), eb('f.id', '<', after.id)])]),
        )
      }
      return query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(filter.limit).execute()
    },
    findById: (id: number): Promise<AdminFeedbackRow | undefined> => select().where('f.id', '=', id).executeTakeFirst(),
  }
}
