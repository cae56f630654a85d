/**
 * Substring search for the admin tables, the one place that knows how each engine answers it
 * (migration 0007). One interface, one implementation per engine, chosen once from the engine:
 *
 * - SQLite: FTS5 trigram tables (`tokenize='trigram remove_diacritics 1'`) kept in step by triggers;
 *   `MATCH` on a quoted phrase, blind to case and tone marks. Text shorter than three characters
 *   cannot be trigram-matched and falls back to `LIKE`, which scans (ASCII case only), and is rarely
 *   asked for.
 * - PostgreSQL: pg_trgm GIN indexes over `search_fold(column)` (lower-cased, unaccented), queried with
 *   `search_fold(column) LIKE '%' || search_fold(text) || '%'`, the expression the indexes hold, so the
 *   planner can use them. Any length (short text scans, as on SQLite).
 *
 * Both answer the ids of the matching rows as a subquery, for `where('x.id', 'in', …)`.
 * "đ" is a letter of its own to FTS5 but "d" to unaccent; so that "duoc" finds "được" on SQLite too,
 * the SQLite query asks for each spelling of its d's (up to 2^5 phrases, OR-ed).
 */
import { sql, type RawBuilder } from 'kysely'
import type { EngineName } from '../engine.ts'

/** The searched tables, their searched columns, and the FTS5 table over them on SQLite. */
const SEARCHED = {
  videos: { fts: 'videos_search', columns: ['title', 'youtube_id'] },
  user_feedbacks: { fts: 'feedback_search', columns: ['feedback'] },
  users: { fts: 'users_search', columns: ['email', 'display_name'] },
} as const

export type SearchedTable = keyof typeof SEARCHED
export type SearchedColumn<T extends SearchedTable> = (typeof SEARCHED)[T]['columns'][number]

export interface TextSearch {
  /**
   * The ids of the rows of `table` where one of `columns` (all its searched columns when omitted)
   * contains `text`, as a subquery.
   */
  idsContaining<T extends SearchedTable>(table: T, text: string, columns?: readonly SearchedColumn<T>[]): RawBuilder<number>
}

const TRIGRAM = 3

/** Trigram indexes need three characters (code points) or more to help. */
export function usesTrigrams(text: string): boolean {
  return [...text].length >= TRIGRAM
}

/** A `LIKE ... ESCAPE '\'` pattern that finds the text anywhere, with `%` and `_` taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** The text as one FTS5 phrase (quotes doubled), optionally limited to some of the table's columns. */
export function ftsPhrase(text: string, columns?: readonly string[]): string {
  const phrase = `"${text.replace(/"/g, '""')}"`
  return columns?.length ? `{${columns.join(' ')}} : ${phrase}` : phrase
}

const MAX_D_SPELLINGS = 5

/**
 * An FTS5 query for the text with every d and đ read as either ("da nang" finds "Đà Nẵng", as
 * unaccent does on PostgreSQL); past five of them, the text as typed.
 */
export function ftsQuery(text: string, columns?: readonly string[]): string {
  const parts = text.split(/[dđ]/iu)
  const ds = parts.length - 1
  if (ds === 0 || ds > MAX_D_SPELLINGS) return ftsPhrase(text, columns)
  const spellings: string[] = []
  for (let mask = 0; mask < 1 << ds; mask++) {
    spellings.push(parts.reduce((spelled, part, i) => spelled + (mask & (1 << (i - 1)) ? 'đ' : 'd') + part))
  }
  const any = `(${spellings.map((spelling) => ftsPhrase(spelling)).join(' OR ')})`
  return columns?.length ? `{${columns.join(' ')}} : ${any}` : any
}

function anyOf(conditions: RawBuilder<unknown>[]) {
  return sql.join(conditions, sql` OR `)
}

const sqliteSearch: TextSearch = {
  idsContaining(table, text, columns) {
    const searched = SEARCHED[table]
    const normalized = text.normalize('NFC')
    if (usesTrigrams(normalized)) {
      const fts = sql.table(searched.fts)
      const phrase = ftsQuery(normalized, columns && columns.length < searched.columns.length ? columns : undefined)
      return sql<number>`(SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${phrase})`
    }
    const pattern = containsPattern(normalized)
    const like = (columns ?? searched.columns).map((column) => sql`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`)
    return sql<number>`(SELECT id FROM ${sql.table(table)} WHERE ${anyOf(like)})`
  },
}

const postgresSearch: TextSearch = {
  idsContaining(table, text, columns) {
    const searched = SEARCHED[table]
    // search_fold(parameter) is folded to a constant at planning (it is IMMUTABLE), so the pattern
    // is known to the planner and the GIN index over search_fold(column) answers the LIKE.
    const escaped = escapeLike(text.normalize('NFC'))
    const like = (columns ?? searched.columns).map(
      (column) => sql`search_fold(${sql.ref(column)}) LIKE '%' || search_fold(${escaped}) || '%' ESCAPE '\\'`,
    )
    return sql<number>`(SELECT id FROM ${sql.table(table)} WHERE ${anyOf(like)})`
  },
}

export function textSearchFor(engine: EngineName): TextSearch {
  return engine === 'postgres' ? postgresSearch : sqliteSearch
}
