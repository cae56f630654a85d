/**
 * Moved to db/dialect/text-search.ts; re-exported for the repositories still on the raw SQLite handle
 * (catalogue). Delete when the last of them moves.
 */
export { containsPattern } from '../db/dialect/text-search.ts'
