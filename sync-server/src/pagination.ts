/**
 * Opaque list cursors: the sort keys of a page's last row, as base64url JSON. Clients pass them back
 * untouched; anything that does not decode to the expected shape answers 422.
 */
import type { z } from 'zod'
import { validationFailed } from './errors.ts'

export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url')
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string | undefined): z.output<S> | undefined {
  if (cursor === undefined) return undefined
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (parsed.success) return parsed.data
  } catch {
    // not base64 JSON: fall through to the same answer
  }
  throw validationFailed(['The cursor is not valid. Start again from the first page.'])
}

/** Asks for one row more than the page, to know whether another page follows. */
export function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => unknown): { data: T[]; next_cursor: string | null } {
  const hasMore = rows.length > limit
  const data = hasMore ? rows.slice(0, limit) : rows
  return { data, next_cursor: hasMore ? encodeCursor(positionOf(data[data.length - 1])) : null }
}
