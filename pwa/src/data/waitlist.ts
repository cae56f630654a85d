/** The landing page's one call: join the waiting list. Loaded with the first submit only. */
import { ApiError, NetworkError } from './api.ts'
import { call } from './api-call.ts'

/** Answers how it went: joined, no answer, the address refused (422), or another failure. */
export async function joinWaitlist(email: string, website: string): Promise<'done' | 'offline' | 'invalid' | 'failed'> {
  try {
    await call('waitlist.join', { email, website })
    return 'done'
  } catch (error) {
    if (error instanceof NetworkError) return 'offline'
    if (error instanceof ApiError && error.status === 422) return 'invalid'
    return 'failed'
  }
}
