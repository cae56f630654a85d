/**
 * Errors the routes and services throw. The error middleware turns each into the contract's shape
 * `{error, message, errors?}`; anything else is a bug and answers 500 without detail.
 */
import { ERROR_CODES, type ErrorCode } from '../../contract/index.ts'

export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode | string
  readonly errors?: string[]
  readonly extra?: Record<string, unknown>
  readonly headers?: Record<string, string>
  /** A 5xx that is this server's known state (said once at start), not a fault: not logged per request. */
  readonly expected: boolean

  constructor(
    status: number,
    code: ErrorCode | string,
    message: string,
    options: {
      errors?: string[]
      extra?: Record<string, unknown>
      headers?: Record<string, string>
      /** Logged for server-side failures, never sent to the client. */
      cause?: unknown
      expected?: boolean
    } = {},
  ) {
    super(message, { cause: options.cause })
    this.status = status
    this.code = code
    this.errors = options.errors
    this.extra = options.extra
    this.headers = options.headers
    this.expected = options.expected ?? false
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new ApiError(401, ERROR_CODES.unauthorized, message)

/**
 * A write for an account deleted meanwhile (a request signed in before the deletion, answered after):
 * 401, as for any request of a session that no longer exists, and nothing is written.
 */
export const accountGone = () => new ApiError(401, ERROR_CODES.unauthorized, 'This account has been deleted.')

export const forbidden = (message = 'You are not allowed to do this.') =>
  new ApiError(403, ERROR_CODES.forbidden, message)

export const notFound = (message = 'Not found.') => new ApiError(404, ERROR_CODES.notFound, message)

export const validationFailed = (errors: string[]) =>
  new ApiError(422, ERROR_CODES.validation, errors.join(' '), { errors })

export function rateLimited(retryAfterSeconds: number, message: string, code: ErrorCode = ERROR_CODES.rateLimited) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return new ApiError(429, code, message, {
    headers: { 'Retry-After': String(seconds) },
    extra: { retry_after_seconds: seconds },
  })
}

/** A request body that could not be taken, whoever read it (our JSON reader, or a parser of Express). */
export const bodyErrors = {
  malformedJson: () => new ApiError(400, ERROR_CODES.malformedJson, 'The request body is not valid JSON.'),
  tooLarge: () => new ApiError(413, ERROR_CODES.tooLarge, 'The request body is too large.'),
  notUtf8Json: () => new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the body as UTF-8 JSON.'),
  unreadable: () => new ApiError(400, 'bad_request', 'The request body could not be read.'),
}
