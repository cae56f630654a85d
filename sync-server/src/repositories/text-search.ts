/**
 * Moved to db/dialect/text-search.ts (one interface, FTS5 on SQLite and pg_trgm on PostgreSQL). These
 * re-exports serve the repositories still on the raw SQLite handle (admin users); delete this file
 * when the last of them moves to `textSearchFor(engine).idsContaining`.
 */
import { containsPattern, ftsPhrase as phrase, usesTrigrams } from '../db/dialect/text-search.ts'

/** The text as one FTS5 phrase, optionally limited to one column. */
export function ftsPhrase(text: string, column?: string): string {
  return phrase(text, column ? [column] : undefined)
}

export { containsPattern, usesTrigrams }
