/** The account calls of docs/api.md "The account", typed with the contract's shapes. */
import type { AccountSession } from '../../../../contract/schemas/account.ts'
import { ApiError, NetworkError } from '../api.ts'
import { call } from '../api-call.ts'

export const accountApi = {
  sessions: (): Promise<AccountSession[]> => call('account.sessions').then((r) => r.data),
  signOut: (id: string) => call('account.signOutSession', undefined, { params: { id } }),
  signOutOthers: () => call('account.signOutOthers').then((r) => r.data.signed_out),
  requestDeletionCode: () => call('account.deletionCode'),
  deleteAccount: (otp: string) => call('account.delete', { otp }),
  me: () => call('me.get'),
  setDailyGoal: (minutes: number) => call('me.dailyGoal', { daily_goal_minutes: minutes }),
  /** Spec section 7: when PATCH /me/daily_goal fails, PATCH /me carries the same change. */
  async saveDailyGoal(minutes: number): Promise<void> {
    try {
      await call('me.dailyGoal', { daily_goal_minutes: minutes })
    } catch (error) {
      if (error instanceof NetworkError || (error instanceof ApiError && error.status === 401)) throw error
      await call('me.update', { user: { daily_goal_minutes: minutes } })
    }
  },
  setDisplayName: (displayName: string) => call('me.displayName', { display_name: displayName }),
}
