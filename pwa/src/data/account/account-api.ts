/** The account calls of docs/api.md "The account", typed with the contract's shapes. */
import type { AccountSession, AccountSessionsResponse, SignOutOthersResponse } from '../../../../contract/schemas/account.ts'
import { api, apiRequest } from '../api.ts'

export const accountApi = {
  sessions: (): Promise<AccountSession[]> => api.get<AccountSessionsResponse>('/me/sessions').then((r) => r.data),
  signOut: (id: string) => apiRequest<void>('DELETE', `/me/sessions/${encodeURIComponent(id)}`),
  signOutOthers: () => api.post<SignOutOthersResponse>('/me/sessions/sign_out_others').then((r) => r.data.signed_out),
  requestDeletionCode: () => api.post<unknown>('/me/delete/code'),
  deleteAccount: (otp: string) => api.post<void>('/me/delete', { otp }),
}
