/** The landing page's one call: join the waiting list. Loaded with the first submit only. */
import { api, ApiError, NetworkError } from './api.ts'

/** Answers how it went: joined, no answer, the address refused (422), or another failure. */
export async function joinWaitlist(email: string, website: string): Promise<'done' | 'offline' | 'invalid' | 'failed'> {
  try {
    await api.post('/waitlist', { email, website })
    return 'done'
  } catch (error) {
    if (error instanceof NetworkError) return 'offline'
    if (error instanceof ApiError && error.status === 422) return 'invalid'
    return 'failed'
  }
}
