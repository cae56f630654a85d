import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../data/api.ts'
import { loginErrorKey } from './login-errors.ts'

const invalid = (reason: string) => new ApiError(401, { error: 'invalid_code', message: 'm', reason })

describe('sign-in errors', () => {
  it('tells wrong, expired and used codes apart', () => {
    expect(loginErrorKey(invalid('wrong'))).toEqual({ key: 'wrongCode' })
    expect(loginErrorKey(invalid('expired'))).toEqual({ key: 'expiredCode' })
    expect(loginErrorKey(invalid('used'))).toEqual({ key: 'usedCode' })
  })

  it('gives the wait for the send limit in minutes or seconds', () => {
    const limited = (seconds: number) =>
      new ApiError(429, { error: 'rate_limited', message: 'm', retry_after_seconds: seconds })
    expect(loginErrorKey(limited(1800))).toEqual({ key: 'rateLimitedMinutes', values: { count: 30 } })
    expect(loginErrorKey(limited(61))).toEqual({ key: 'rateLimitedMinutes', values: { count: 2 } })
    expect(loginErrorKey(limited(45))).toEqual({ key: 'rateLimitedSeconds', values: { count: 45 } })
    expect(loginErrorKey(new ApiError(429, { error: 'too_many_attempts', message: 'm' }))).toEqual({ key: 'tooManyAttempts' })
  })

  it('says offline, bad address and anything else plainly', () => {
    expect(loginErrorKey(new NetworkError(new TypeError('x')))).toEqual({ key: 'offline' })
    expect(loginErrorKey(new ApiError(422, { error: 'validation_failed', message: 'm', errors: ['Please enter a valid email address.'] }))).toEqual({ key: 'invalidEmail' })
    expect(loginErrorKey(new ApiError(503, { error: 'mail_unavailable', message: 'm' }))).toEqual({ key: 'mailUnavailable' })
    expect(loginErrorKey(new Error('?'))).toEqual({ key: 'generic' })
  })
})
