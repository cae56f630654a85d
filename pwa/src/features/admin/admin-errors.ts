/** Which sentence an admin sees when an edit fails: offline, the server's own words for a 422, or the spec's generic one. */
import { ApiError, NetworkError } from '../../data/api.ts'

export type AdminErrorKey = 'errors.offline' | 'errors.generic' | 'errors.forbidden'

export function adminErrorKey(error: unknown): AdminErrorKey {
  if (error instanceof NetworkError) return 'errors.offline'
  if (error instanceof ApiError && error.status === 403) return 'errors.forbidden'
  return 'errors.generic'
}
