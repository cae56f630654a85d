/**
 * The publish dialog's state: the draft, the language's series (loaded on open; a series the
 * contributor named that exists already is picked rather than made twice), and submit.
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Series, Submission } from '../../../../contract/schemas/contributors.ts'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { publishSubmission, seriesOf } from '../../data/uploads/submissions-api.ts'
import { initialPublishDraft, namedSeries, publishErrors, publishFormData, publishProblem, type PublishDraft } from './publish-form.ts'

export type SetPublishValue = <K extends keyof PublishDraft>(key: K, value: PublishDraft[K]) => void

export function usePublishForm(submission: Submission, onPublished: (video: VideoDetail) => void) {
  const { t } = useTranslation('contribute')
  const [draft, setDraft] = useState(() => initialPublishDraft(submission))
  const [series, setSeries] = useState<Series[] | null>(null)
  const [seriesFailed, setSeriesFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string[] | null>(null)
  const set: SetPublishValue = (key, value) => setDraft((current) => ({ ...current, [key]: value }))

  useEffect(() => {
    let current = true
    seriesOf(submission.language_code)
      .then((list) => {
        if (!current) return
        setSeries(list)
        const match = namedSeries(list, submission.series_name)
        if (match) setDraft((draft) => ({ ...draft, mode: 'existing', seriesId: String(match.id) }))
      })
      .catch(() => current && setSeriesFailed(true))
    return () => {
      current = false
    }
  }, [submission.language_code, submission.series_name])

  const chosenSeries = series?.find((item) => String(item.id) === draft.seriesId)
  const nextEpisode = draft.mode === 'existing' ? chosenSeries?.next_episode_number : draft.mode === 'new' ? 1 : undefined

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    const problem = publishProblem(draft)
    if (problem) return setError([t(`publish.errors.${problem}`)])
    setBusy(true)
    try {
      onPublished(await publishSubmission(submission.id, publishFormData(draft)))
    } catch (caught) {
      setError(publishErrors(caught, t))
      setBusy(false)
    }
  }

  return { draft, set, series, seriesFailed, nextEpisode, busy, error, submit }
}
