/**
 * Calls that are not JSON: multipart forms (the contributor application, the publish form, admin
 * thumbnails) and raw bytes (an application's video, which a <video> cannot fetch itself since it
 * needs the bearer header). Same headers as api.ts (request-headers.ts: bearer token, time zone)
 * and the same ApiError / NetworkError, so callers handle every call alike. No Content-Type is set:
 * the browser writes the multipart boundary itself. No time-out either: a video of tens of megabytes
 * may take minutes on a slow phone connection.
 */
import { watchedFetch } from './runtime/connectivity.ts'
import { API_BASE } from '../../../contract/limits.ts'
import type { ApiErrorBody } from '../../../contract/errors.ts'
import { ApiError, NetworkError } from './api.ts'
import { pathOf } from './api-call.ts'
import { ROUTES, type RouteName } from '../../../contract/routes.ts'
import { readString, STORAGE_KEYS } from './storage.ts'
import { sessionHeaders } from './request-headers.ts'

export interface RawRequestOptions {
  body?: FormData
  /** Called on a 401 to a call that carried a token (the session has ended). */
  onUnauthorized?: () => void
}

/** Answers the response when it is 2xx; throws ApiError (with the contract's body) or NetworkError. */
export async function authorizedFetch(method: string, path: string, options: RawRequestOptions = {}): Promise<Response> {
  const token = readString(STORAGE_KEYS.token)
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionHeaders(token) }

  let response: Response
  try {
    response = await watchedFetch(`${API_BASE}${path}`, { method, headers, body: options.body })
  } catch (error) {
    throw new NetworkError(error)
  }
  if (!response.ok) {
    let body: ApiErrorBody | null = null
    try {
      const parsed: unknown = await response.json()
      if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) body = parsed as ApiErrorBody
    } catch {
      body = null
    }
    if (response.status === 401 && token) options.onUnauthorized?.()
    throw new ApiError(response.status, body)
  }
  return response
}

async function postForm<T>(path: string, form: FormData, options: { onUnauthorized?: () => void } = {}): Promise<T> {
  const response = await authorizedFetch('POST', path, { body: form, onUnauthorized: options.onUnauthorized })
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw new NetworkError(error)
  }
  try {
    return (text ? JSON.parse(text) : null) as T
  } catch {
    return null as T
  }
}

/** The routes whose body is a multipart form (contract/routes.ts). */
export type FormRoute = { [K in RouteName]: (typeof ROUTES)[K]['body']['kind'] extends 'multipart' ? K : never }[RouteName]

/** The typed door for a form: `postFormTo('applications.create', form)`, method and path from the route table. */
export function postFormTo<T>(name: FormRoute, form: FormData, options: { params?: Record<string, string | number>; onUnauthorized?: () => void } = {}): Promise<T> {
  if (ROUTES[name].method !== 'POST') throw new Error(`${name} is not a POST`)
  return postForm<T>(pathOf(name, options.params), form, { onUnauthorized: options.onUnauthorized })
}
