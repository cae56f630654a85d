/**
 * The headers every request of ours carries, built here only (api.ts, form-request.ts, the data
 * export, the tus upload): the bearer token when one is stored (or the one given), and the device's
 * time zone (the server's "today" depends on it; none known, the server keeps the stored one).
 */
import { readString, STORAGE_KEYS } from './storage.ts'
import { deviceTimeZone } from './time-zone.ts'

/** `token`: send this one instead of the stored one (logout sends the token it is about to forget; null: none). */
export function sessionHeaders(token: string | null = readString(STORAGE_KEYS.token)): Record<string, string> {
  const headers: Record<string, string> = {}
  const zone = deviceTimeZone()
  if (zone) headers['X-Time-Zone'] = zone
  if (token) headers.Authorization = `Bearer ${token}`
  return headers
}
