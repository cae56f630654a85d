/** The account calls of docs/api.md "The account", typed with the contract's shapes. */
import type { AccountSession, AccountSessionsResponse, SignOutOthersResponse } from '../../../../contract/schemas/account.ts'
import type { User } from '../../../../contract/schemas/user.ts'
import { api, ApiError, NetworkError } from '../api.ts'
import { call } from '../api-call.ts'

export const accountApi = {
  sessions: (): Promise<AccountSession[]> => api.get<AccountSessionsResponse>('/me/sessions').then((r) => r.data),
  signOut: (id: string) => call('account.signOutSession', undefined, { params: { id } }),
  signOutOthers: () => api.post<SignOutOthersResponse>('/me/sessions/sign_out_others').then((r) => r.data.signed_out),
  requestDeletionCode: () => api.post<unknown>('/me/delete/code'),
  deleteAccount: (otp: string) => call('account.delete', { otp }),
  me: () => api.get<User>('/me'),
  setDailyGoal: (minutes: number) => api.patch('/me/daily_goal', { daily_goal_minutes: minutes }),
  /** Spec section 7: when PATCH /me/daily_goal fails, PATCH /me carries the same change. */
  async saveDailyGoal(minutes: number): Promise<void> {
    try {
      await call('me.dailyGoal', { daily_goal_minutes: minutes })
    } catch (error) {
      if (error instanceof NetworkError || (error instanceof ApiError && error.status === 401)) throw error
      await call('me.update', { user: { daily_goal_minutes: minutes } })
    }
  },
  setDisplayName: (displayName: string) => api.patch('/me/display_name', { display_name: displayName }),
}
