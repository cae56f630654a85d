/**
 * Multipart calls (the contributor application, the publish form). api.ts speaks JSON only; this sends a
 * FormData body with the same headers (bearer token when stored, the device's time zone) and turns
 * answers into the same ApiError / NetworkError, so callers handle both kinds of call alike. No
 * Content-Type is set: the browser writes the multipart boundary itself. No time-out either: a video
 * of tens of megabytes may take minutes on a slow phone connection.
 */
import { API_BASE } from '../../../contract/limits.ts'
import type { ApiErrorBody } from '../../../contract/errors.ts'
import { ApiError, NetworkError } from './api.ts'
import { readString, STORAGE_KEYS } from './storage.ts'

export async function postForm<T>(path: string, form: FormData, options: { onUnauthorized?: () => void } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone) headers['X-Time-Zone'] = zone
  } catch {
    // No Intl time zone: the server keeps the stored one.
  }
  const token = readString(STORAGE_KEYS.token)
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  let text: string
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form })
    text = await response.text()
  } catch (error) {
    throw new NetworkError(error)
  }
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = null
  }
  if (!response.ok) {
    if (response.status === 401 && token) options.onUnauthorized?.()
    const body = typeof parsed === 'object' && parsed !== null && 'error' in parsed ? (parsed as ApiErrorBody) : null
    throw new ApiError(response.status, body)
  }
  return parsed as T
}
