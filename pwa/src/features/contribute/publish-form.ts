/**
 * The publish form's values and what is sent: the draft as the submission proposes it, the one problem
 * to fix before sending, the multipart body of POST /submissions/:id/publish, and the server's answers
 * as lines to show.
 */
import type { SERIES_MODES } from '../../../../contract/vocabulary.ts'
import type { Dialect } from '../../../../contract/schemas/captions.ts'
import type { Series, Submission } from '../../../../contract/schemas/contributors.ts'
import { ApiError, NetworkError } from '../../data/api.ts'
import type { ProficiencyLevel } from './levels.ts'

type SeriesMode = (typeof SERIES_MODES)[number]

export interface PublishDraft {
  title: string
  description: string
  level: ProficiencyLevel
  dialect: Dialect | ''
  isFree: boolean
  youtubeTitle: string
  youtubeDescription: string
  productThumbnail: File | null
  youtubeThumbnail: File | null
  mode: SeriesMode
  seriesId: string
  newSeriesName: string
  newSeriesDescription: string
  episode: string
  /** "Next episode": the server numbers it after the series' last. */
  useNext: boolean
}

/** The contributor's proposal: a series they named is a new one until the list shows it exists. */
export function initialPublishDraft(submission: Submission): PublishDraft {
  return {
    title: submission.title,
    description: submission.description,
    level: submission.proficiency_level,
    dialect: submission.dialect ?? '',
    isFree: false,
    youtubeTitle: '',
    youtubeDescription: '',
    productThumbnail: null,
    youtubeThumbnail: null,
    mode: submission.series_name ? 'new' : 'none',
    seriesId: '',
    newSeriesName: submission.series_name ?? '',
    newSeriesDescription: '',
    episode: submission.episode_number ? String(submission.episode_number) : '',
    useNext: !submission.episode_number,
  }
}

/** The series the contributor named, where it exists already (compared trimmed, in any case). */
export function namedSeries(list: readonly Series[], name: string | null | undefined): Series | undefined {
  const named = name?.trim().toLowerCase()
  return named ? list.find((item) => item.name.trim().toLowerCase() === named) : undefined
}

/** The key (under `publish.errors`) of what must be filled in before sending, or null. */
export function publishProblem(draft: PublishDraft): 'titleRequired' | 'seriesRequired' | 'seriesNameRequired' | null {
  if (!draft.title.trim()) return 'titleRequired'
  if (draft.mode === 'existing' && !draft.seriesId) return 'seriesRequired'
  if (draft.mode === 'new' && !draft.newSeriesName.trim()) return 'seriesNameRequired'
  return null
}

export function publishFormData(draft: PublishDraft): FormData {
  const form = new FormData()
  form.set('title', draft.title.trim())
  form.set('description', draft.description.trim())
  form.set('proficiency_level', draft.level)
  if (draft.dialect) form.set('dialect', draft.dialect)
  form.set('is_free', draft.isFree ? 'true' : 'false')
  form.set('youtube_title', draft.youtubeTitle.trim())
  form.set('youtube_description', draft.youtubeDescription.trim())
  form.set('series_mode', draft.mode)
  if (draft.mode === 'existing') form.set('series_id', draft.seriesId)
  if (draft.mode === 'new') {
    form.set('new_series_name', draft.newSeriesName.trim())
    form.set('new_series_description', draft.newSeriesDescription.trim())
  }
  if (draft.mode !== 'none') form.set('episode_number', draft.useNext ? 'next' : draft.episode.trim())
  if (draft.productThumbnail) form.set('product_thumbnail', draft.productThumbnail)
  if (draft.youtubeThumbnail) form.set('youtube_thumbnail', draft.youtubeThumbnail)
  return form
}

export function publishErrors(error: unknown, t: (key: string) => string): string[] {
  if (error instanceof NetworkError) return [t('publish.errors.offline')]
  if (error instanceof ApiError) {
    if (error.status === 409) return [t('publish.errors.notReady')]
    if (error.status === 413) return [t('publish.errors.thumbnailTooLarge')]
    if (error.status === 415) return [t('publish.errors.thumbnailType')]
    if (error.status === 422 && error.errors.length > 0) return error.errors
  }
  return [t('publish.errors.generic')]
}
