/** The admin calls of docs/api.md "Admin", typed with the contract's shapes. */
import type { AdminFeedback, AdminJob, AdminUser, AdminVideo } from '../../../../contract/schemas/admin.ts'
import type { AccessLevel } from '../../../../contract/schemas/catalogue.ts'
import type { Dialect } from '../../../../contract/schemas/captions.ts'
import type { ApplicationStatus, ContributorApplication } from '../../../../contract/schemas/contributors.ts'
import { api } from '../api.ts'
import { authorizedFetch, postForm } from '../form-request.ts'
import { session } from '../session/session.ts'

/** A list path with its filters; empty values are left out so the server applies its defaults. */
export function listPath(base: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value)
  const text = query.toString()
  return text ? `${base}?${text}` : base
}

/** The admin lists, each a path with its filters (useCursorList pages through it). */
export const adminLists = {
  applications: (status: string | undefined) => listPath('/admin/applications', { status }),
  feedback: (q: string, range: string | undefined) => listPath('/admin/feedback', { q, range }),
  jobs: (state: string | undefined) => listPath('/admin/jobs', { state }),
  users: (q: string) => listPath('/admin/users', { q }),
  videos: (q: string, access: string | undefined) => listPath('/admin/videos', { q, access }),
}

export const adminApi = {
  setAccessLevel: (id: number, accessLevel: AccessLevel) =>
    api.patch<{ data: AdminVideo }>(`/admin/videos/${id}`, { video: { access_level: accessLevel } }).then((r) => r.data),

  setDialect: (id: number, dialect: Dialect | null) => api.patch<{ data: AdminVideo }>(`/admin/videos/${id}`, { video: { dialect } }).then((r) => r.data),

  async uploadThumbnails(id: number, files: { thumbnail: File | null; youtubeThumbnail: File | null }): Promise<AdminVideo> {
    const form = new FormData()
    if (files.thumbnail) form.append('thumbnail', files.thumbnail)
    if (files.youtubeThumbnail) form.append('youtube_thumbnail', files.youtubeThumbnail)
    const answer = await postForm<{ data: AdminVideo }>(`/admin/videos/${id}/thumbnails`, form, { onUnauthorized: () => session.expire() })
    return answer.data
  },

  updateUser: (id: number, user: { display_name?: string; is_contributor?: boolean }) =>
    api.patch<{ data: AdminUser }>(`/admin/users/${id}`, { user }).then((r) => r.data),

  /** A failed job back in the queue now, its attempts reset. */
  retryJob: (id: number) => api.post<{ data: AdminJob }>(`/admin/jobs/${id}/retry`).then((r) => r.data),

  feedback: (id: number) => api.get<{ data: AdminFeedback }>(`/admin/feedback/${id}`).then((r) => r.data),

  decideApplication: (id: number, status: ApplicationStatus) =>
    api.patch<{ data: ContributorApplication }>(`/admin/applications/${id}`, { application: { status } }).then((r) => r.data),

  /** The video as a blob, for an object URL the <video> element can play. */
  async applicationVideo(id: number): Promise<Blob> {
    const response = await authorizedFetch('GET', `/admin/applications/${id}/video`, { onUnauthorized: () => session.expire() })
    return response.blob()
  },
}
