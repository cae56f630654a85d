/** Premium members manage their subscription in the billing portal; a failure is only logged (spec section 8). */
import { api } from '../api.ts'

export async function openBillingPortal(): Promise<void> {
  try {
    const { url } = await api.post<{ url: string }>('/billing/portal')
    window.location.assign(url)
  } catch (error) {
    console.error('Could not open the billing portal', error)
  }
}
