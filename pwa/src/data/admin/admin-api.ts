/** The admin calls of docs/api.md "Admin", typed with the contract's shapes. */
import type { AdminVideo } from '../../../../contract/schemas/admin.ts'
import type { AccessLevel } from '../../../../contract/schemas/catalogue.ts'
import type { Dialect } from '../../../../contract/schemas/captions.ts'
import type { ApplicationStatus } from '../../../../contract/schemas/contributors.ts'
import { call, pathOf } from '../api-call.ts'
import { authorizedFetch, postFormTo } from '../form-request.ts'
import { session } from '../session/session.ts'
import type { ListRequest } from './use-cursor-list.ts'

/** The admin lists, each a route with its filters (useCursorList pages through it). */
export const adminLists = {
  applications: (status: string | undefined): ListRequest => ({ route: 'admin.applications', query: { status } }),
  feedback: (q: string, range: string | undefined): ListRequest => ({ route: 'admin.feedback', query: { q, range } }),
  jobs: (state: string | undefined): ListRequest => ({ route: 'admin.jobs', query: { state } }),
  lexicon: (language: string, q: string): ListRequest => ({ route: 'admin.lexicon', query: { language, q } }),
  users: (q: string): ListRequest => ({ route: 'admin.users', query: { q } }),
  videos: (q: string, access: string | undefined): ListRequest => ({ route: 'admin.videos', query: { q, access } }),
}

export const adminApi = {
  setAccessLevel: (id: number, accessLevel: AccessLevel) =>
    call('admin.updateVideo', { video: { access_level: accessLevel } }, { params: { id } }).then((r) => r.data),

  setDialect: (id: number, dialect: Dialect | null) => call('admin.updateVideo', { video: { dialect } }, { params: { id } }).then((r) => r.data),

  async uploadThumbnails(id: number, files: { thumbnail: File | null; youtubeThumbnail: File | null }): Promise<AdminVideo> {
    const form = new FormData()
    if (files.thumbnail) form.append('thumbnail', files.thumbnail)
    if (files.youtubeThumbnail) form.append('youtube_thumbnail', files.youtubeThumbnail)
    const answer = await postFormTo<{ data: AdminVideo }>('admin.videoThumbnails', form, { params: { id }, onUnauthorized: () => session.expire() })
    return answer.data
  },

  updateUser: (id: number, user: { display_name?: string; is_contributor?: boolean }) =>
    call('admin.updateUser', { user }, { params: { id } }).then((r) => r.data),

  /** What waits for an admin: submissions to publish and review, applications to decide. */
  summary: () => call('admin.summary').then((r) => r.data),

  /** A failed job back in the queue now, its attempts reset. */
  retryJob: (id: number) => call('admin.retryJob', undefined, { params: { id } }).then((r) => r.data),

  /** An entry's glosses, reading and note corrected (the headword names the entry and stays). */
  updateLexiconEntry: (id: number, entry: { glosses: string[]; reading: string | null; note: string | null }) =>
    call('admin.updateLexiconEntry', { entry }, { params: { id } }).then((r) => r.data),

  /** The entry gone from the lexicon: its meaning leaves every transcript at once, learners' states of its key stay. */
  removeLexiconEntry: (id: number) => call('admin.deleteLexiconEntry', undefined, { params: { id } }),

  feedback: (id: number) => call('admin.feedbackItem', undefined, { params: { id } }).then((r) => r.data),

  decideApplication: (id: number, status: ApplicationStatus) =>
    call('admin.updateApplication', { application: { status } }, { params: { id } }).then((r) => r.data),

  /** The video as a blob, for an object URL the <video> element can play. */
  async applicationVideo(id: number): Promise<Blob> {
    const response = await authorizedFetch('GET', pathOf('admin.applicationVideo', { id }), { onUnauthorized: () => session.expire() })
    return response.blob()
  },
}
