/**
 * An id from a path: plain decimal only (contract/ids.ts parsePlainId). Anything else names no
 * resource, so it answers 404, as an id that does not exist would.
 */
import { parsePlainId } from '../../../contract/index.ts'
import { notFound } from '../errors.ts'

export function pathId(raw: unknown, message = 'Not found.'): number {
  const id = parsePlainId(raw)
  if (id === null) throw notFound(message)
  return id
}
