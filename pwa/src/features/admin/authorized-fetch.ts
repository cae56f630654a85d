/**
 * The two admin calls that are not JSON: the thumbnail upload (multipart) and an application's video
 * (bytes a <video> cannot fetch itself, since it needs the bearer header). Same rules as apiRequest:
 * the stored token, errors as ApiError, a dead connection as NetworkError, a 401 ends the session.
 */
import { API_BASE } from '../../../../contract/limits.ts'
import type { ApiErrorBody } from '../../../../contract/errors.ts'
import { ApiError, NetworkError } from '../../data/api.ts'
import { readString, STORAGE_KEYS } from '../../data/storage.ts'
import { session } from '../session/session.ts'

const TIMEOUT_MS = 120_000

export async function authorizedFetch(method: string, path: string, body?: FormData): Promise<Response> {
  const token = readString(STORAGE_KEYS.token)
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
  let response: Response
  try {
    // No Content-Type on purpose: the browser writes the multipart boundary itself.
    response = await fetch(`${API_BASE}${path}`, { method, headers, body, signal: controller.signal })
  } catch (error) {
    throw new NetworkError(error)
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) {
    let parsed: ApiErrorBody | null = null
    try {
      const json: unknown = await response.json()
      if (typeof json === 'object' && json !== null && 'error' in json) parsed = json as ApiErrorBody
    } catch {
      parsed = null
    }
    if (response.status === 401 && token) session.expire()
    throw new ApiError(response.status, parsed)
  }
  return response
}
