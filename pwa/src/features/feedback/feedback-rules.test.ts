import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../data/api.ts'
import { canSendFeedback, feedbackErrorMessage, feedbackLength } from './feedback-rules.ts'

describe('feedback rules', () => {
  it('counts characters as people do, after trimming', () => {
    expect(feedbackLength('  Việt Nam  ')).toBe(8)
    expect(feedbackLength('👍👍')).toBe(2)
  })

  it('sends 10..2000 characters, never while sending', () => {
    expect(canSendFeedback('123456789', false)).toBe(false)
    expect(canSendFeedback('1234567890', false)).toBe(true)
    expect(canSendFeedback('1234567890', true)).toBe(false)
    expect(canSendFeedback('x'.repeat(2000), false)).toBe(true)
    expect(canSendFeedback('x'.repeat(2001), false)).toBe(false)
  })

  it('maps every failure to the message of spec section 8', () => {
    expect(feedbackErrorMessage(new ApiError(401, { error: 'unauthorized', message: 'Authentication required' }))).toEqual({ key: 'authRequired' })
    expect(feedbackErrorMessage(new ApiError(422, { error: 'validation_failed', message: 'm', errors: ['A', 'B'] }))).toEqual({ text: 'A, B' })
    expect(feedbackErrorMessage(new ApiError(422, { error: 'validation_failed', message: 'Too short' }))).toEqual({ text: 'Too short' })
    expect(feedbackErrorMessage(new ApiError(422, null))).toEqual({ key: 'invalid' })
    expect(feedbackErrorMessage(new ApiError(500, { error: 'internal_error', message: 'Server sad' }))).toEqual({ text: 'Server sad' })
    expect(feedbackErrorMessage(new ApiError(502, null))).toEqual({ key: 'failed' })
    expect(feedbackErrorMessage(new NetworkError(new TypeError('offline')))).toEqual({ key: 'offline' })
  })
})
