import type { Clock } from '../clock.ts'
import type { WaitlistRepository } from '../repositories/waitlist.repository.ts'

export type WaitlistService = ReturnType<typeof createWaitlistService>

export function createWaitlistService(deps: { waitlist: WaitlistRepository; clock: Clock }) {
  return {
    /** A filled honeypot means a bot: answer as usual, store nothing. A repeated address is fine. */
    async join(email: string, honeypot: string | undefined): Promise<void> {
      if (honeypot && honeypot.trim() !== '') return
      await deps.waitlist.add(email, new Date(deps.clock.now()).toISOString())
    },
  }
}
