/** The submission calls of the contract (docs/api.md "Contributors"), typed once for the pages. */
import type { Series, Submission } from '../../../../contract/schemas/contributors.ts'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { api, apiRequest } from '../api.ts'
import { postForm } from '../form-request.ts'
import { session } from '../session/session.ts'

export interface SubmissionPage {
  data: Submission[]
  next_cursor: string | number | null
}

export function listSubmissions(cursor?: string | number | null): Promise<SubmissionPage> {
  return api.get<SubmissionPage>(cursor ? `/submissions?cursor=${encodeURIComponent(String(cursor))}` : '/submissions')
}

export async function setSubmissionStatus(id: number, status: 'accepted' | 'rejected'): Promise<Submission> {
  const { data } = await api.patch<{ data: Submission }>(`/submissions/${id}`, { submission: { status } })
  return data
}

export async function deleteSubmission(id: number): Promise<void> {
  await apiRequest('DELETE', `/submissions/${id}`)
}

export async function seriesOf(languageCode: string): Promise<Series[]> {
  const { data } = await api.get<{ data: Series[] }>(`/languages/${encodeURIComponent(languageCode)}/series`)
  return data
}

export async function publishSubmission(id: number, form: FormData): Promise<VideoDetail> {
  const { data } = await postForm<{ data: VideoDetail }>(`/submissions/${id}/publish`, form, { onUnauthorized: () => session.expire() })
  return data
}
