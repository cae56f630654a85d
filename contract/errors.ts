/** Stable error codes: the `error` field of every error answer. Clients switch on these, never on text. */
export const ERROR_CODES = {
  malformedJson: 'malformed_json',
  invalidText: 'invalid_text',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  invalidCode: 'invalid_code',
  tooManyAttempts: 'too_many_attempts',
  rateLimited: 'rate_limited',
  forbidden: 'forbidden',
  premiumRequired: 'premium_required',
  cooldown: 'cooldown',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  mailUnavailable: 'mail_unavailable',
  /** 507: the server's disk is close to full; uploads are refused until space is freed (retry later). */
  insufficientStorage: 'insufficient_storage',
  /** 429: the contributor has as many unfinished uploads (or declared bytes) as they may; finish or cancel one. */
  uploadQuota: 'upload_quota_exceeded',
  /** 503 from /health/ready: this process should not be sent requests yet (its message says why). */
  notReady: 'not_ready',
  internal: 'internal_error',
} as const

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/** The one shape every error answer has. `errors` is present for validation failures only. */
export interface ApiErrorBody {
  error: ErrorCode | string
  message: string
  errors?: string[]
  /** Extra fields some errors carry, e.g. `next_change_at` for the display-name cooldown. */
  [extra: string]: unknown
}
