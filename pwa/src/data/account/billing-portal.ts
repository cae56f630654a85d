/** Premium members manage their subscription in the billing portal; a failure is only logged (spec section 8). */
import { call } from '../api-call.ts'

export async function openBillingPortal(): Promise<void> {
  try {
    const { url } = await call('billing.portal')
    window.location.assign(url)
  } catch (error) {
    console.error('Could not open the billing portal', error)
  }
}
