/** Turns a failed sign-in call into the message to show: one key per case the server can answer. */
import { ApiError, NetworkError } from '../../data/api.ts'

export interface LoginError {
  key: 'wrongCode' | 'expiredCode' | 'usedCode' | 'tooManyAttempts' | 'rateLimitedMinutes' | 'rateLimitedSeconds' | 'invalidEmail' | 'invalidCode' | 'offline' | 'mailUnavailable' | 'generic'
  values?: { count: number }
}

export function loginErrorKey(error: unknown): LoginError {
  if (error instanceof NetworkError) return { key: 'offline' }
  if (!(error instanceof ApiError)) return { key: 'generic' }
  if (error.code === 'invalid_code') {
    const reason = error.body?.reason
    return { key: reason === 'expired' ? 'expiredCode' : reason === 'used' ? 'usedCode' : 'wrongCode' }
  }
  if (error.code === 'too_many_attempts') return { key: 'tooManyAttempts' }
  if (error.status === 429) {
    const seconds = error.retryAfterSeconds ?? 60
    // Waits of a minute or more read better in minutes; "count" drives the plural form.
    if (seconds >= 60) {
      return { key: 'rateLimitedMinutes', values: { count: Math.ceil(seconds / 60) } }
    }
    return { key: 'rateLimitedSeconds', values: { count: seconds } }
  }
  if (error.status === 422) {
    const aboutCode = error.errors.some((message) => /code/i.test(message))
    return { key: aboutCode ? 'invalidCode' : 'invalidEmail' }
  }
  if (error.code === 'mail_unavailable') return { key: 'mailUnavailable' }
  return { key: 'generic' }
}
