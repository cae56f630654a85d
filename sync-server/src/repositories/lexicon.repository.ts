/**
 * The lexicon of each language (migration 0030): one entry per key, its glosses a JSON array, and the
 * language's version, raised by every change in the same transaction as the change.
 */
import { sql, type Kysely } from 'kysely'
import type { Database, Row } from '../db/schema.ts'

export type LexiconEntryRow = Row<'lexicon_entries'>

export interface NewLexiconEntry {
  key: string
  headword: string
  /** JSON array of strings. */
  glosses: string
  reading: string | null
  note: string | null
}


/** `db` may be a transaction: writers build one over theirs. */
export function createLexiconRepository(db: Kysely<Database>) {
  return {
    /** The language's lexicon version, or undefined for no such language. */
    async version(languageCode: string): Promise<number | undefined> {
      const row = await db.selectFrom('languages').select('lexicon_version').where('code', '=', languageCode).executeTakeFirst()
      return row?.lexicon_version
    },
    async bumpVersion(languageCode: string): Promise<void> {
      await db
        .updateTable('languages')
        .set((eb) => ({ lexicon_version: eb('lexicon_version', '+', 1) }))
        .where('code', '=', languageCode)
        .execute()
    },
    /** Every entry of a language, in key order (what the PWA downloads). */
    entries(languageCode: string): Promise<Array<Pick<LexiconEntryRow, 'key' | 'headword' | 'glosses' | 'reading' | 'note'>>> {
      return db.selectFrom('lexicon_entries').select(['key', 'headword', 'glosses', 'reading', 'note']).where('language_code', '=', languageCode).orderBy('key').execute()
    },
    /** The entries of these keys. */
    async byKeys(languageCode: string, keys: readonly string[]): Promise<LexiconEntryRow[]> {
      if (keys.length === 0) return []
      return db.selectFrom('lexicon_entries').selectAll().where('language_code', '=', languageCode).where('key', 'in', [...keys]).execute()
    },
    async keys(languageCode: string): Promise<string[]> {
      const rows = await db.selectFrom('lexicon_entries').select('key').where('language_code', '=', languageCode).execute()
      return rows.map((row) => row.key)
    },
    async insert(languageCode: string, entries: readonly NewLexiconEntry[], source: LexiconEntryRow['source'], submissionId: number | null, nowIso: string): Promise<void> {
      for (let i = 0; i < entries.length; i += 200) {
        const rows = entries.slice(i, i + 200).map((entry) => ({ ...entry, language_code: languageCode, source, submission_id: submissionId, created_at: nowIso, updated_at: nowIso }))
        await db.insertInto('lexicon_entries').values(rows).execute()
      }
    },
    /** Sets an entry's glosses, reading and note. */
    async update(id: number, fields: Pick<LexiconEntryRow, 'glosses' | 'reading' | 'note'>, nowIso: string): Promise<void> {
      await db
        .updateTable('lexicon_entries')
        .set({ ...fields, updated_at: nowIso })
        .where('id', '=', id)
        .execute()
    },
    findById(id: number): Promise<LexiconEntryRow | undefined> {
      return db.selectFrom('lexicon_entries').selectAll().where('id', '=', id).executeTakeFirst()
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('lexicon_entries').where('id', '=', id).execute()
    },
    /** The admin's search: keys starting with `prefix` (already a key), in key order after `afterKey`. */
    search(languageCode: string, prefix: string | undefined, afterKey: string | undefined, limit: number): Promise<LexiconEntryRow[]> {
      let query = db.selectFrom('lexicon_entries').selectAll().where('language_code', '=', languageCode)
      // LIKE rather than a range: PostgreSQL's collation may not order keys code point by code point.
      if (prefix) query = query.where(sql<boolean>`${sql.ref('key')} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`)
      if (afterKey !== undefined) query = query.where('key', '>', afterKey)
      return query.orderBy('key').limit(limit).execute()
    },
  }
}
