import type { Kysely } from 'kysely'
import type { Language } from '../../../contract/index.ts'
import type { Database } from '../db/schema.ts'

export type LanguagesRepository = ReturnType<typeof createLanguagesRepository>

export function createLanguagesRepository(db: Kysely<Database>) {
  return {
    /** Every language taught, with how many videos it has published. */
    list(): Promise<Language[]> {
      return db
        .selectFrom('languages as l')
        .select((eb) => [
          'l.code',
          'l.name',
          'l.native_name',
          // COUNT is BIGINT on PostgreSQL: the pool parses it to a number (db/dialect/postgres.ts).
          eb
            .selectFrom('videos as v')
            .select((count) => count.fn.countAll<number>().as('n'))
            .whereRef('v.language_code', '=', 'l.code')
            .where('v.published_at', 'is not', null)
            .as('video_count'),
        ])
        .orderBy('l.position')
        .orderBy('l.code')
        .$narrowType<{ video_count: number }>()
        .execute()
    },
    async exists(code: string): Promise<boolean> {
      const row = await db.selectFrom('languages').select('code').where('code', '=', code).executeTakeFirst()
      return row !== undefined
    },
  }
}
