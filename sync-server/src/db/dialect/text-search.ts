/**
 * The admin search (migration 0007): "rows whose columns hold this text anywhere", blind to case and
 * accents ("pho" finds "Phở"). The engines index it differently, so the condition is built here:
 * - SQLite: FTS5 trigram tables beside the table (`users_search`…), matched by rowid. Text under
 *   three characters cannot be trigram-matched and falls back to LIKE (it scans, rarely asked for;
 *   ASCII case-blind only).
 * - PostgreSQL: pg_trgm GIN indexes on `search_fold(column)` (lower + unaccent), which answer
 *   `search_fold(column) LIKE search_fold('%text%')`; short text uses the same condition (scans).
 * A repository takes a `TextSearch` (chosen once from the engine in context.ts) and puts the
 * condition in its `where`.
 */
import { sql, type Expression, type SqlBool } from 'kysely'
import type { EngineName } from '../engine.ts'
import { containsPattern } from '../../repositories/like-pattern.ts'

/** The searchable tables, their FTS5 table on SQLite and the columns indexed (same on PostgreSQL). */
const INDEXES = {
  users: { fts: 'users_search', columns: ['email', 'display_name'] },
  user_feedbacks: { fts: 'feedback_search', columns: ['feedback'] },
  videos: { fts: 'videos_search', columns: ['title', 'youtube_id'] },
} as const

type Indexes = typeof INDEXES
export type SearchTable = keyof Indexes

export interface SearchTarget<T extends SearchTable> {
  table: T
  /** The table's name or alias in the query (`u` in `from users as u`); the table name when left out. */
  alias?: string
  /** Some of the indexed columns; all of them when left out. */
  columns?: readonly Indexes[T]['columns'][number][]
}

export interface TextSearch {
  /** A condition true for rows of the target whose columns contain `text`. */
  contains<T extends SearchTable>(target: SearchTarget<T>, text: string): Expression<SqlBool>
}

const TRIGRAM = 3

export function usesTrigrams(text: string): boolean {
  return [...text].length >= TRIGRAM
}

function parts<T extends SearchTable>(target: SearchTarget<T>) {
  const alias = target.alias ?? target.table
  const columns: readonly string[] = target.columns ?? INDEXES[target.table].columns
  return { alias, columns, fts: INDEXES[target.table].fts }
}

/** The text as one FTS5 phrase (quotes doubled), limited to some columns when not all are searched. */
function ftsQuery(text: string, columns: readonly string[], all: readonly string[]): string {
  const phrase = `"${text.replace(/"/g, '""')}"`
  return columns.length === all.length ? phrase : `{${columns.join(' ')}} : ${phrase}`
}

const anyOf = (conditions: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`

const sqliteTextSearch: TextSearch = {
  contains(target, text) {
    const { alias, columns, fts } = parts(target)
    if (usesTrigrams(text)) {
      const match = ftsQuery(text, columns, INDEXES[target.table].columns)
      return sql<SqlBool>`${sql.ref(`${alias}.id`)} IN (SELECT rowid FROM ${sql.table(fts)} WHERE ${sql.table(fts)} MATCH ${match})`
    }
    const like = containsPattern(text)
    return anyOf(columns.map((column) => sql<SqlBool>`${sql.ref(`${alias}.${column}`)} LIKE ${like} ESCAPE '\\'`))
  },
}

const postgresTextSearch: TextSearch = {
  contains(target, text) {
    const { alias, columns } = parts(target)
    const like = containsPattern(text)
    return anyOf(
      columns.map((column) => sql<SqlBool>`search_fold(${sql.ref(`${alias}.${column}`)}) LIKE search_fold(${like}) ESCAPE '\\'`),
    )
  },
}

export function textSearchFor(engine: EngineName): TextSearch {
  return engine === 'postgres' ? postgresTextSearch : sqliteTextSearch
}
