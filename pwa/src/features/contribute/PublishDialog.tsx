/**
 * The admin's publish form (spec section 3): title, description, level, the free-video flag, YouTube
 * title and description, product and YouTube thumbnails, the series (existing, none, or a new one with
 * its description) and the episode number, with "next episode" taken from the series. Sent as
 * multipart to POST /submissions/:id/publish; the server makes the catalogue video.
 */
import { useEffect, useId, useState } from 'react'
import { SERIES_DESCRIPTION_MAX_CHARS, SERIES_MODES, SERIES_NAME_MAX_CHARS, SUBMISSION_DESCRIPTION_MAX_CHARS, SUBMISSION_TITLE_MAX_CHARS, YOUTUBE_DESCRIPTION_MAX_CHARS, YOUTUBE_TITLE_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import type { Series, Submission } from '../../../../contract/schemas/contributors.ts'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { FormField } from '../../components/FormField.tsx'
import { ApiError, NetworkError } from '../../data/api.ts'
import { useTranslation } from 'react-i18next'
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from './levels.ts'
import { publishSubmission, seriesOf } from '../../data/uploads/submissions-api.ts'
import type { Dialect } from '../../../../contract/schemas/captions.ts'
import { DialectSelect } from '../captions/DialectSelect.tsx'
import { SubmissionCaptions } from '../captions/SubmissionCaptions.tsx'

type SeriesMode = (typeof SERIES_MODES)[number]
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp'

export function PublishDialog({
  submission,
  onClose,
  onPublished,
}: {
  submission: Submission
  onClose: () => void
  onPublished: (video: VideoDetail) => void
}) {
  const { t } = useTranslation('contribute')
  const { t: tc } = useTranslation('captions')
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`
  const [title, setTitle] = useState(submission.title)
  const [description, setDescription] = useState(submission.description)
  const [level, setLevel] = useState<ProficiencyLevel>(submission.proficiency_level)
  const [dialect, setDialect] = useState<Dialect | ''>(submission.dialect ?? '')
  const [isFree, setIsFree] = useState(false)
  const [youtubeTitle, setYoutubeTitle] = useState('')
  const [youtubeDescription, setYoutubeDescription] = useState('')
  const [productThumbnail, setProductThumbnail] = useState<File | null>(null)
  const [youtubeThumbnail, setYoutubeThumbnail] = useState<File | null>(null)
  const [series, setSeries] = useState<Series[] | null>(null)
  const [seriesFailed, setSeriesFailed] = useState(false)
  const [mode, setMode] = useState<SeriesMode>(submission.series_name ? 'new' : 'none')
  const [seriesId, setSeriesId] = useState('')
  const [newSeriesName, setNewSeriesName] = useState(submission.series_name ?? '')
  const [newSeriesDescription, setNewSeriesDescription] = useState('')
  const [episode, setEpisode] = useState(submission.episode_number ? String(submission.episode_number) : '')
  const [useNext, setUseNext] = useState(!submission.episode_number)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string[] | null>(null)

  useEffect(() => {
    let current = true
    seriesOf(submission.language_code)
      .then((list) => {
        if (!current) return
        setSeries(list)
        // The contributor named a series that exists already: pick it rather than make a twin.
        const named = submission.series_name?.trim().toLowerCase()
        const match = named ? list.find((item) => item.name.trim().toLowerCase() === named) : undefined
        if (match) {
          setMode('existing')
          setSeriesId(String(match.id))
        }
      })
      .catch(() => current && setSeriesFailed(true))
    return () => {
      current = false
    }
  }, [submission.language_code, submission.series_name])

  const chosenSeries = series?.find((item) => String(item.id) === seriesId)
  const nextEpisode = mode === 'existing' ? chosenSeries?.next_episode_number : mode === 'new' ? 1 : undefined

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    if (!title.trim()) return setError([t('publish.errors.titleRequired')])
    if (mode === 'existing' && !seriesId) return setError([t('publish.errors.seriesRequired')])
    if (mode === 'new' && !newSeriesName.trim()) return setError([t('publish.errors.seriesNameRequired')])
    const form = new FormData()
    form.set('title', title.trim())
    form.set('description', description.trim())
    form.set('proficiency_level', level)
    if (dialect) form.set('dialect', dialect)
    form.set('is_free', isFree ? 'true' : 'false')
    form.set('youtube_title', youtubeTitle.trim())
    form.set('youtube_description', youtubeDescription.trim())
    form.set('series_mode', mode)
    if (mode === 'existing') form.set('series_id', seriesId)
    if (mode === 'new') {
      form.set('new_series_name', newSeriesName.trim())
      form.set('new_series_description', newSeriesDescription.trim())
    }
    if (mode !== 'none') form.set('episode_number', useNext ? 'next' : episode.trim())
    if (productThumbnail) form.set('product_thumbnail', productThumbnail)
    if (youtubeThumbnail) form.set('youtube_thumbnail', youtubeThumbnail)
    setBusy(true)
    try {
      onPublished(await publishSubmission(submission.id, form))
    } catch (caught) {
      setError(publishErrors(caught, t))
      setBusy(false)
    }
  }

  const errorId = fieldId('error')
  return (
    <Dialog
      title={t('publish.title')}
      onClose={onClose}
      canClose={!busy}
      testId="publish-dialog"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={fieldId('form')} className="button" disabled={busy}>
            {busy ? t('publish.publishing') : t('publish.submit')}
          </button>
        </>
      }
    >
      <form id={fieldId('form')} className="contribute-form publish-form" onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
        <FormField id={fieldId('title')} label={t('publish.fields.title')}>
          {(control) => <input {...control} className="input" value={title} maxLength={SUBMISSION_TITLE_MAX_CHARS} required onChange={(event) => setTitle(event.target.value)} />}
        </FormField>
        <FormField id={fieldId('description')} label={t('publish.fields.description')}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={3}
              value={description}
              maxLength={SUBMISSION_DESCRIPTION_MAX_CHARS}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </FormField>
        <FormField id={fieldId('level')} label={t('publish.fields.level')}>
          {(control) => (
            <select {...control} className="input" value={level} onChange={(event) => setLevel(event.target.value as ProficiencyLevel)}>
              {PROFICIENCY_LEVELS.map((option) => (
                <option key={option} value={option}>
                  {t(`levels.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={fieldId('dialect')} label={tc('fields.dialect')}>
          {(control) => <DialectSelect control={control} value={dialect} onChange={setDialect} placeholder={tc('admin.unset')} testId="publish-dialect" />}
        </FormField>
        <SubmissionCaptions submission={submission} />
        <label className="contribute-check">
          <input type="checkbox" checked={isFree} onChange={(event) => setIsFree(event.target.checked)} aria-describedby={fieldId('free-hint')} />
          <span>
            {t('publish.fields.isFree')}
            <span id={fieldId('free-hint')} className="field-hint contribute-block">
              {t('publish.hints.isFree')}
            </span>
          </span>
        </label>
        <FormField id={fieldId('yt-title')} label={t('publish.fields.youtubeTitle')}>
          {(control) => <input {...control} className="input" value={youtubeTitle} maxLength={YOUTUBE_TITLE_MAX_CHARS} onChange={(event) => setYoutubeTitle(event.target.value)} />}
        </FormField>
        <FormField id={fieldId('yt-description')} label={t('publish.fields.youtubeDescription')}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={3}
              value={youtubeDescription}
              maxLength={YOUTUBE_DESCRIPTION_MAX_CHARS}
              onChange={(event) => setYoutubeDescription(event.target.value)}
            />
          )}
        </FormField>
        <FormField id={fieldId('thumb')} label={t('publish.fields.productThumbnail')}>
          {(control) => (
            <input
              {...control}
              className="input contribute-file"
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(event) => setProductThumbnail(event.target.files?.[0] ?? null)}
              // Both thumbnails share the one hint shown under the second.
              aria-describedby={fieldId('thumb-hint')}
            />
          )}
        </FormField>
        <FormField id={fieldId('yt-thumb')} label={t('publish.fields.youtubeThumbnail')} hint={t('publish.hints.thumbnails')} hintId={fieldId('thumb-hint')}>
          {(control) => (
            <input
              {...control}
              className="input contribute-file"
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(event) => setYoutubeThumbnail(event.target.files?.[0] ?? null)}
            />
          )}
        </FormField>

        <fieldset className="field">
          <legend className="field-label">{t('publish.fields.series')}</legend>
          <div className="contribute-radios">
            {SERIES_MODES.map((option) => (
              <label key={option} className="contribute-check">
                <input type="radio" name={fieldId('series-mode')} value={option} checked={mode === option} onChange={() => setMode(option)} />
                <span>{t(`publish.seriesMode.${option}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'existing' ? (
          <FormField
            id={fieldId('series')}
            label={t('publish.fields.existingSeries')}
            after={
              <>
                {seriesFailed ? <p className="field-error">{t('publish.errors.seriesLoad')}</p> : null}
                {series && series.length === 0 ? <p className="field-hint">{t('publish.noSeries')}</p> : null}
              </>
            }
          >
            {(control) => (
              <select {...control} className="input" value={seriesId} onChange={(event) => setSeriesId(event.target.value)}>
                <option value="">{series === null && !seriesFailed ? t('publish.loadingSeries') : t('publish.chooseSeries')}</option>
                {(series ?? []).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        {mode === 'new' ? (
          <>
            <FormField id={fieldId('new-series')} label={t('publish.fields.newSeriesName')}>
              {(control) => <input {...control} className="input" value={newSeriesName} maxLength={SERIES_NAME_MAX_CHARS} onChange={(event) => setNewSeriesName(event.target.value)} />}
            </FormField>
            <FormField id={fieldId('new-series-description')} label={t('publish.fields.newSeriesDescription')}>
              {(control) => (
                <textarea
                  {...control}
                  className="input textarea"
                  rows={2}
                  value={newSeriesDescription}
                  maxLength={SERIES_DESCRIPTION_MAX_CHARS}
                  onChange={(event) => setNewSeriesDescription(event.target.value)}
                />
              )}
            </FormField>
          </>
        ) : null}
        {mode !== 'none' ? (
          <div className="field">
            <label className="contribute-check">
              <input type="checkbox" checked={useNext} onChange={(event) => setUseNext(event.target.checked)} />
              <span>
                {nextEpisode ? t('publish.fields.nextEpisodeNumbered', { number: nextEpisode }) : t('publish.fields.nextEpisode')}
              </span>
            </label>
            {!useNext ? (
              <>
                <label className="field-label" htmlFor={fieldId('episode')}>
                  {t('publish.fields.episode')}
                </label>
                <input
                  id={fieldId('episode')}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={episode}
                  onChange={(event) => setEpisode(event.target.value)}
                />
              </>
            ) : null}
          </div>
        ) : null}
        <div id={errorId} role="alert" className="contribute-outcome">
          {error ? error.map((line) => <p key={line} className="form-error">{line}</p>) : null}
        </div>
      </form>
    </Dialog>
  )
}

function publishErrors(error: unknown, t: (key: string) => string): string[] {
  if (error instanceof NetworkError) return [t('publish.errors.offline')]
  if (error instanceof ApiError) {
    if (error.status === 409) return [t('publish.errors.notReady')]
    if (error.status === 413) return [t('publish.errors.thumbnailTooLarge')]
    if (error.status === 415) return [t('publish.errors.thumbnailType')]
    if (error.status === 422 && error.errors.length > 0) return error.errors
  }
  return [t('publish.errors.generic')]
}
