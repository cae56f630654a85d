/** The submission calls of the contract (docs/api.md "Contributors"), typed once for the pages. */
import type { Series, Submission } from '../../../../contract/schemas/contributors.ts'
import type { RouteAnswers } from '../../../../contract/route-answers.ts'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { call } from '../api-call.ts'
import { postFormTo } from '../form-request.ts'
import { session } from '../session/session.ts'

export type SubmissionPage = RouteAnswers['submissions.list']

export function listSubmissions(cursor?: string | number | null): Promise<SubmissionPage> {
  return call('submissions.list', undefined, { query: cursor ? { cursor: String(cursor) } : undefined })
}

export async function setSubmissionStatus(id: number, status: 'accepted' | 'rejected'): Promise<Submission> {
  const { data } = await call('submissions.update', { submission: { status } }, { params: { id } })
  return data
}

export async function deleteSubmission(id: number): Promise<void> {
  await call('submissions.delete', undefined, { params: { id } })
}

export async function seriesOf(languageCode: string): Promise<Series[]> {
  const { data } = await call('series.list', undefined, { params: { code: languageCode } })
  return data
}

export async function publishSubmission(id: number, form: FormData): Promise<VideoDetail> {
  const { data } = await postFormTo<{ data: VideoDetail }>('submissions.publish', form, { params: { id }, onUnauthorized: () => session.expire() })
  return data
}
