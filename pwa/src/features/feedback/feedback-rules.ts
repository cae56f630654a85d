/** The feedback dialog's rules (spec sections 5 and 8): the length window and the error messages. */
import { FEEDBACK_MAX_CHARS, FEEDBACK_MIN_CHARS } from '../../../../contract/limits.ts'
import { countCharacters } from '../../../../contract/text.ts'
import { ApiError, NetworkError } from '../../data/api.ts'

export function feedbackLength(text: string): number {
  return countCharacters(text.trim())
}

export function canSendFeedback(text: string, sending: boolean): boolean {
  const length = feedbackLength(text)
  return !sending && length >= FEEDBACK_MIN_CHARS && length <= FEEDBACK_MAX_CHARS
}

/** A message already in words (from the server) or a translation key with its fallback meaning. */
export type FeedbackErrorMessage = { text: string } | { key: 'authRequired' | 'invalid' | 'failed' | 'offline' }

/**
 * 401 'Authentication required'; 422 the joined errors, else the message, else 'Invalid feedback';
 * anything else the server's message or 'Failed to submit feedback'. Offline says so.
 */
export function feedbackErrorMessage(error: unknown): FeedbackErrorMessage {
  if (error instanceof NetworkError) return { key: 'offline' }
  if (!(error instanceof ApiError)) return { key: 'failed' }
  const serverMessage = error.body?.message
  if (error.status === 401) return { key: 'authRequired' }
  if (error.status === 422) {
    if (error.errors.length > 0) return { text: error.errors.join(', ') }
    return serverMessage ? { text: serverMessage } : { key: 'invalid' }
  }
  return serverMessage ? { text: serverMessage } : { key: 'failed' }
}
