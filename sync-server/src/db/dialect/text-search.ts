/**
 * The admin search (migration 0007) and transcript search (0014, caption cues): "rows whose columns
 * hold this text anywhere", blind to case and
 * accents ("pho" finds "Phở"). The engines index it differently, so the condition is built here, one
 * interface and one implementation per engine, chosen once from the engine in context.ts:
 *
 * - SQLite: FTS5 trigram tables beside the table (`videos_search`…, `trigram remove_diacritics 1`, kept
 *   in step by triggers), matched by rowid. Text under three characters cannot be trigram-matched and
 *   falls back to LIKE (it scans, rarely asked for; ASCII case-blind only). "đ" is a letter of its own
 *   to FTS5 but "d" to unaccent, so that "duoc" finds "được" here too the query asks for each spelling
 *   of its d's (up to 2^5 phrases, OR-ed).
 * - PostgreSQL: pg_trgm GIN indexes on `search_fold(column)` (lower + unaccent), which answer
 *   `search_fold(column) LIKE '%' || search_fold(text) || '%'`: the planner folds search_fold(text)
 *   (IMMUTABLE) to a constant, so the indexes are used. Short text uses the same condition (scans).
 *
 * The condition is `alias.id IN (ids of the table's matching rows)` on both engines, so conditions on
 * two joined tables OR-ed together (feedback text or sender e-mail) still use each table's index.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { EngineName } from '../engine.ts'

/** The searched tables, their searched columns, and the FTS5 table over them on SQLite. */
const SEARCHED = {
  videos: { fts: 'videos_search', columns: ['title', 'youtube_id'] },
  user_feedbacks: { fts: 'feedback_search', columns: ['feedback'] },
  users: { fts: 'users_search', columns: ['email', 'display_name'] },
  caption_cues: { fts: 'caption_cues_search', columns: ['text'] },
} as const

export type SearchTable = keyof typeof SEARCHED
export type SearchedColumn<T extends SearchTable> = (typeof SEARCHED)[T]['columns'][number]

export interface SearchTarget<T extends SearchTable> {
  table: T
  /** The table's name or alias in the query (`u` in `from users as u`); the table name when left out. */
  alias?: string
  /** Some of the indexed columns; all of them when left out. */
  columns?: readonly SearchedColumn<T>[]
  /**
   * Where the query holds the searched row's id: `alias.id` when left out; for a joined table, the
   * referencing column (`f.user_id` for `users`) lets the planner look it up through that column's index.
   */
  idFrom?: string
}

export interface TextSearch {
  /** A condition true for rows of the target whose columns contain `text`. */
  contains<T extends SearchTable>(target: SearchTarget<T>, text: string): Expression<SqlBool>
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

function parts<T extends SearchTable>(target: SearchTarget<T>) {
  const searched = SEARCHED[target.table]
  const columns: readonly string[] = target.columns?.length ? target.columns : searched.columns
  return { id: sql.ref(target.idFrom ?? `${target.alias ?? target.table}.id`), columns, every: columns.length === searched.columns.length, fts: sql.table(searched.fts) }
}

const anyOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`

const sqliteSearch: TextSearch = {
  contains(target, text) {
    const { id, columns, every, fts } = parts(target)
    const normalized = text.normalize('NFC')
    if (usesTrigrams(normalized)) {
      const match = ftsQuery(normalized, every ? undefined : columns)
      return sql<SqlBool>`${id} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match})`
    }
    const pattern = containsPattern(normalized)
    const alias = target.alias ?? target.table
    return anyOf(columns.map((column) => sql<SqlBool>`${sql.ref(`${alias}.${column}`)} LIKE ${pattern} ESCAPE '\\'`))
  },
}

const postgresSearch: TextSearch = {
  contains(target, text) {
    const { id, columns } = parts(target)
    const escaped = escapeLike(text.normalize('NFC'))
    const like = columns.map((column) => sql<SqlBool>`search_fold(${sql.ref(column)}) LIKE '%' || search_fold(${escaped}) || '%' ESCAPE '\\'`)
    return sql<SqlBool>`${id} IN (SELECT id FROM ${sql.table(target.table)} WHERE ${anyOf(like)})`
  },
}

export function textSearchFor(engine: EngineName): TextSearch {
  return engine === 'postgres' ? postgresSearch : sqliteSearch
}
