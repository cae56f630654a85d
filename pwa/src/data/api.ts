/**
 * The one way the PWA talks to /api/v1: JSON, the bearer token when one is stored, the device's time
 * zone on every call (the server's "today" depends on it), and errors turned into ApiError with the
 * contract's fields. A 401 from any call is reported to one handler (the session store), which signs
 * the person out and sends them to /login.
 */
import { API_BASE } from '../../../contract/limits.ts'
import type { ApiErrorBody } from '../../../contract/errors.ts'
import { takeEarlyAnswer } from './early-answers.ts'
import { connectivity } from './runtime/connectivity.ts'
import { readString, STORAGE_KEYS } from './storage.ts'
import { sessionHeaders } from './request-headers.ts'
import { reportUnauthorized } from './unauthorized.ts'

export { setUnauthorizedHandler } from './unauthorized.ts'

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly errors: string[]
  readonly body: ApiErrorBody | null

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message ?? `Request failed with status ${status}`)
    this.status = status
    this.code = body?.error ?? 'unknown'
    this.errors = Array.isArray(body?.errors) ? body.errors : []
    this.body = body
  }

  /** Seconds to wait, from the body or the Retry-After header, for 429 answers. */
  get retryAfterSeconds(): number | null {
    const seconds = this.body?.retry_after_seconds
    return typeof seconds === 'number' ? seconds : null
  }
}

/** The request never got an answer: offline, DNS, a dropped connection or our own time-out. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause })
  }
}

export interface RequestOptions {
  body?: unknown
  /** A body that is not JSON (a WebVTT file), sent as is with its type. */
  rawBody?: { body: Blob | string; type: string }
  /** Abort after this long so a dead connection says "offline" instead of spinning forever. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Send this token instead of the stored one (logout sends the token it is about to forget). */
  token?: string | null
  /** More request headers (a conditional GET's If-None-Match, a conditional PUT's If-Match). */
  headers?: Record<string, string>
  /** Called with a successful answer's response and its text before it is parsed: its ETag, a body that is not JSON (a WebVTT track). */
  onAnswer?: (response: Response, text: string) => void
}

const DEFAULT_TIMEOUT_MS = 15_000

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : readString(STORAGE_KEYS.token)
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionHeaders(token), ...options.headers }
  const zone: string | undefined = headers['X-Time-Zone']
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.rawBody !== undefined) headers['Content-Type'] = options.rawBody.type

  // A plain controller and timer rather than AbortSignal.timeout/any: those are newer than the
  // oldest browsers the spec supports (Chrome 90, Safari 14).
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const relayAbort = () => controller.abort()
  options.signal?.addEventListener('abort', relayAbort)
  let response: Response
  let text: string
  try {
    // A GET the page started before the app loaded (early-answers.ts), held to this call's time-out;
    // when it failed, ask again (a time-out has aborted the controller: that fetch fails at once).
    const early = method === 'GET' && options.rawBody === undefined ? takeEarlyAnswer(path, token, zone) : undefined
    response = (early && (await untilAborted(early, controller.signal).catch(() => undefined))) || await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: options.rawBody !== undefined ? options.rawBody.body : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    })
    // An early answer's body is not tied to this call's controller: the time-out holds it here.
    text = await untilAborted(response.text(), controller.signal)
  } catch (error) {
    if (options.signal?.aborted) throw error
    // No answer (or our own time-out): the network is down, whatever navigator.onLine says.
    connectivity.reportNoAnswer()
    throw new NetworkError(error)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', relayAbort)
  }

  connectivity.reportAnswer()
  let parsed: unknown = null
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = null
    }
  }
  if (!response.ok) {
    const body = isErrorBody(parsed) ? parsed : null
    // Only a call that carried a token can mean "your session ended"; a wrong sign-in code is also 401.
    if (response.status === 401 && token) reportUnauthorized()
    const error = new ApiError(response.status, body)
    if (response.status === 429 && body && body.retry_after_seconds === undefined) {
      const header = Number(response.headers.get('Retry-After'))
      if (Number.isFinite(header)) body.retry_after_seconds = header
    }
    throw error
  }
  options.onAnswer?.(response, text)
  return parsed as T
}

/** `promise`, or a rejection as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('The call timed out or was cancelled', 'AbortError'))
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
}
