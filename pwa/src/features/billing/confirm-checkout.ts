/**
 * Confirms a returned checkout once per session id, even when the page renders twice (React's strict
 * mode, a quick remount): the second caller gets the first call's answer instead of a second request.
 * The fresh user goes into the session at once, so the navbar drops Upgrade for Manage.
 */
import type { User } from '../../../../contract/schemas/user.ts'
import { session } from '../../data/session/session.ts'
import { billingApi } from '../../data/account/billing-api.ts'

const inFlight = new Map<string, Promise<{ user: User; paid: boolean }>>()

export function confirmCheckout(checkoutSession: string): Promise<{ user: User; paid: boolean }> {
  let pending = inFlight.get(checkoutSession)
  if (!pending) {
    pending = billingApi.confirm(checkoutSession).then(({ data, paid }) => {
      session.setUser(data)
      return { user: data, paid }
    })
    // A failure may be retried (the person presses "Try again").
    pending.catch(() => inFlight.delete(checkoutSession))
    inFlight.set(checkoutSession, pending)
  }
  return pending
}
