/** A submission's glossary (migration 0030): replaced whole by its contributor, read when it is published. */
import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type GlossaryRow = Row<'submission_glossary'>

export function createGlossaryRepository(db: Kysely<Database>) {
  return {
    /** In key order. */
    entries(submissionId: number): Promise<GlossaryRow[]> {
      return db.selectFrom('submission_glossary').selectAll().where('submission_id', '=', submissionId).orderBy('key').execute()
    },
    /** Replaces the glossary, inside the caller's transaction. */
    async replace(submissionId: number, rows: readonly GlossaryRow[]): Promise<void> {
      await db.deleteFrom('submission_glossary').where('submission_id', '=', submissionId).execute()
      for (let i = 0; i < rows.length; i += 200) await db.insertInto('submission_glossary').values(rows.slice(i, i + 200)).execute()
    },
  }
}
