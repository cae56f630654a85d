import { describe, expect, it } from 'vitest'
import type { Series, Submission } from '../../../../contract/schemas/contributors.ts'
import { ApiError, NetworkError } from '../../data/api.ts'
import { initialPublishDraft, namedSeries, publishErrors, publishFormData, publishProblem } from './publish-form.ts'

const submission: Submission = {
  id: 7,
  title: 'Ở chợ',
  description: 'Mua rau.',
  proficiency_level: 'beginner',
  language_code: 'vi',
  uploaded_by: { email: 'an@example.com', display_name: null },
  creators: [],
  series_name: 'Chợ Bến Thành ',
  episode_number: null,
  status: 'accepted',
  stage: 'accepted',
  publishable_status: 'publishable',
  published_video_id: null,
  upload: { state: 'complete', bytes_received: 10, bytes_total: 10 },
  processing: { state: 'ready', percent: 100, error: null },
  playback: null,
  created_at: '2026-01-01T00:00:00.000Z',
  dialect: 'southern',
  captions: [],
}
const series = (id: number, name: string): Series => ({ id, name, description: '', video_count: 1, next_episode_number: 2 })
const entries = (form: FormData) => Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : (value as File).name]))
const t = (key: string) => `t:${key}`

describe('the publish form', () => {
  it('starts from the submission: a series it names is new, numbered "next" when it has no episode', () => {
    const draft = initialPublishDraft(submission)
    expect(draft).toMatchObject({ title: 'Ở chợ', level: 'beginner', dialect: 'southern', mode: 'new', newSeriesName: 'Chợ Bến Thành ', useNext: true, episode: '' })
    expect(initialPublishDraft({ ...submission, series_name: null, episode_number: 3 })).toMatchObject({ mode: 'none', useNext: false, episode: '3' })
  })

  it('finds the named series whatever its case and spaces, and only that one', () => {
    const list = [series(1, 'Gia đình'), series(2, 'chợ bến thành')]
    expect(namedSeries(list, submission.series_name)?.id).toBe(2)
    expect(namedSeries(list, 'Trường học')).toBeUndefined()
    expect(namedSeries(list, null)).toBeUndefined()
  })

  it('asks for a title, the chosen series, or the new series name before sending', () => {
    const draft = initialPublishDraft(submission)
    expect(publishProblem(draft)).toBeNull()
    expect(publishProblem({ ...draft, title: '  ' })).toBe('titleRequired')
    expect(publishProblem({ ...draft, mode: 'existing', seriesId: '' })).toBe('seriesRequired')
    expect(publishProblem({ ...draft, newSeriesName: ' ' })).toBe('seriesNameRequired')
    expect(publishProblem({ ...draft, mode: 'none', newSeriesName: '' })).toBeNull()
  })

  it('sends only the fields of the series mode chosen, trimmed, with the thumbnails given', () => {
    const thumbnail = new File(['x'], 'thumb.png', { type: 'image/png' })
    const draft = { ...initialPublishDraft(submission), isFree: true, youtubeTitle: ' YT ', productThumbnail: thumbnail }
    expect(entries(publishFormData(draft))).toEqual({
      title: 'Ở chợ',
      description: 'Mua rau.',
      proficiency_level: 'beginner',
      dialect: 'southern',
      is_free: 'true',
      youtube_title: 'YT',
      youtube_description: '',
      series_mode: 'new',
      new_series_name: 'Chợ Bến Thành',
      new_series_description: '',
      episode_number: 'next',
      product_thumbnail: 'thumb.png',
    })
    const existing = entries(publishFormData({ ...draft, mode: 'existing', seriesId: '2', useNext: false, episode: ' 4 ', dialect: '' }))
    expect(existing).toMatchObject({ series_mode: 'existing', series_id: '2', episode_number: '4' })
    expect(existing).not.toHaveProperty('new_series_name')
    expect(existing).not.toHaveProperty('dialect')
    const none = entries(publishFormData({ ...draft, mode: 'none' }))
    expect(none).not.toHaveProperty('episode_number')
    expect(none).not.toHaveProperty('series_id')
  })

  it("shows the server's own sentences for a 422, and a message of ours for the other answers", () => {
    const apiError = (status: number, errors: string[] = []) => new ApiError(status, { error: 'x', message: 'x', errors })
    expect(publishErrors(apiError(422, ['Title is too long.']), t)).toEqual(['Title is too long.'])
    expect(publishErrors(apiError(409), t)).toEqual(['t:publish.errors.notReady'])
    expect(publishErrors(apiError(413), t)).toEqual(['t:publish.errors.thumbnailTooLarge'])
    expect(publishErrors(apiError(415), t)).toEqual(['t:publish.errors.thumbnailType'])
    expect(publishErrors(apiError(422), t)).toEqual(['t:publish.errors.generic'])
    expect(publishErrors(new NetworkError(new TypeError('offline')), t)).toEqual(['t:publish.errors.offline'])
  })
})
