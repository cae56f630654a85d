/**
 * The upload form (spec sections 2, 5 and 8): the details and the file go into the upload queue,
 * which stores them on the device before anything is sent, so a contributor with no signal (on a
 * train) submits just the same. The queue creates the submission (POST /submissions, with a client_id,
 * so a retry never makes two) once the network answers, then sends the file. The form is free again
 * at once: the queue below shows where the upload is.
 */
import { connectivity } from '../../data/runtime/connectivity.ts'
import { useId, useRef, useState } from 'react'
import { FormField } from '../../components/FormField.tsx'
import { SERIES_NAME_MAX_CHARS, SUBMISSION_DESCRIPTION_MAX_CHARS, SUBMISSION_TITLE_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import { uploadQueue } from '../../data/uploads/uploads.ts'
import { whyNotKept, type NotKeptReason } from '../../data/uploads/not-kept.ts'
import { useCachedLanguages } from '../../data/catalogue/languages.ts'
import { getSelectedLanguage } from '../languages/selected-language.ts'
import { useTranslation } from 'react-i18next'
import { LevelGuidelinesDialog } from './LevelGuidelinesDialog.tsx'
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from './levels.ts'
import { checkUpload, parseCreatorEmails, type UploadField, type UploadProblems } from './upload-rules.ts'
import type { Dialect } from '../../../../contract/schemas/captions.ts'
import { CaptionFilesField, type ChosenCaptions } from '../captions/CaptionFilesField.tsx'
import { DialectSelect } from '../captions/DialectSelect.tsx'

/** `queued`: stored while offline, it goes once the network is back. `error`: it could not be stored here. */
type Outcome = { kind: 'success'; queued: boolean; inMemory: boolean } | { kind: 'error'; why: NotKeptReason } | null

/** What the learner is told when the device would not keep the video, by why (data/uploads/not-kept.ts). */
const NOT_KEPT_HINT = { full: 'upload.storeFullHint', refused: 'upload.storeRefusedHint', unknown: 'upload.storeFailedHint' } as const

export function UploadForm() {
  const { t } = useTranslation('contribute')
  const { t: tc } = useTranslation('captions')
  const languages = useCachedLanguages()
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [level, setLevel] = useState<ProficiencyLevel | ''>('')
  const [language, setLanguage] = useState(() => getSelectedLanguage() ?? 'vi')
  const [creators, setCreators] = useState('')
  const [seriesName, setSeriesName] = useState('')
  const [episode, setEpisode] = useState('')
  const [dialect, setDialect] = useState<Dialect | ''>('')
  const [captions, setCaptions] = useState<ChosenCaptions>({})
  const [file, setFile] = useState<File | null>(null)
  const [fileInputKey, setFileInputKey] = useState(0)
  const [releaseConfirmed, setReleaseConfirmed] = useState(false)
  const [publishable, setPublishable] = useState(false)
  const [problems, setProblems] = useState<UploadProblems>({})
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [guidelinesOpen, setGuidelinesOpen] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const languageOptions = languages && languages.length > 0 ? languages : [{ code: language, name: language }]

  function problem(field: UploadField) {
    const key = problems[field]
    return key ? t(`upload.errors.${key}`) : null
  }

  function clearProblem(field: UploadField) {
    if (problems[field]) setProblems(({ [field]: _gone, ...rest }) => rest)
  }

  function reset() {
    setTitle('')
    setDescription('')
    setLevel('')
    setCreators('')
    setSeriesName('')
    setEpisode('')
    setDialect('')
    setCaptions({})
    setFile(null)
    setFileInputKey((key) => key + 1)
    setReleaseConfirmed(false)
    setPublishable(false)
    setProblems({})
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const found = checkUpload({ title, description, level, creators, seriesName, episode, file, releaseConfirmed })
    setProblems(found)
    if (Object.keys(found).length > 0 || !file || !level) {
      // Focus the first field that needs attention, in the order they appear.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      const id = await uploadQueue.enqueue({
        title: title.trim(),
        file,
        captions: Object.entries(captions).map(([language, caption]) => ({ language: language as 'vi' | 'en', ...caption })),
        details: {
          title: title.trim(),
          description: description.trim(),
          proficiency_level: level,
          language_code: language,
          creator_emails: parseCreatorEmails(creators).emails,
          series_name: seriesName.trim() || null,
          episode_number: episode.trim() ? Number(episode) : null,
          release_confirmed: true,
          publishable,
          dialect: dialect || null,
        },
      })
      reset()
      setOutcome({ kind: 'success', queued: !connectivity.isUp(), inMemory: uploadQueue.keptInMemory(id) })
    } catch (error) {
      // Only the device can fail here: its storage full, or a browser that keeps no files for this
      // site (a private window, storage turned off). The learner is told which.
      console.warn('Could not store the upload', error)
      setOutcome({ kind: 'error', why: whyNotKept(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form ref={formRef} className="card contribute-form" onSubmit={submit} noValidate data-testid="upload-form">
      <FormField id={fieldId('title')} label={t('upload.fields.title')} validated error={problem('title')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={title}
            maxLength={SUBMISSION_TITLE_MAX_CHARS}
            required
            onChange={(event) => {
              setTitle(event.target.value)
              clearProblem('title')
            }}
          />
        )}
      </FormField>

      <FormField id={fieldId('description')} label={t('upload.fields.description')} hint={t('upload.hints.description')}>
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            value={description}
            maxLength={SUBMISSION_DESCRIPTION_MAX_CHARS}
            rows={4}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </FormField>

      <div className="contribute-row">
        <FormField
          id={fieldId('level')}
          label={t('upload.fields.level')}
          validated
          error={problem('level')}
          after={
            <button type="button" className="link-button contribute-inline-link" onClick={() => setGuidelinesOpen(true)}>
              {t('upload.showGuidelines')}
            </button>
          }
        >
          {(control) => (
            <select
              {...control}
              className="input"
              value={level}
              required
              onChange={(event) => {
                setLevel(event.target.value as ProficiencyLevel | '')
                clearProblem('level')
              }}
            >
              <option value="">{t('upload.chooseLevel')}</option>
              {PROFICIENCY_LEVELS.map((option) => (
                <option key={option} value={option}>
                  {t(`levels.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>

        <FormField id={fieldId('language')} label={t('upload.fields.language')}>
          {(control) => (
            <select {...control} className="input" value={language} onChange={(event) => setLanguage(event.target.value)}>
              {languageOptions.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>

      <FormField
        id={fieldId('dialect')}
        label={tc('fields.dialect')}
        hint={tc('fields.dialectHint')}
        after={
          <button type="button" className="link-button contribute-inline-link" onClick={() => setGuidelinesOpen(true)}>
            {tc('fields.dialectGuideLink')}
          </button>
        }
      >
        {(control) => <DialectSelect control={control} value={dialect} onChange={setDialect} placeholder={tc('fields.chooseDialect')} testId="upload-dialect" />}
      </FormField>

      <FormField
        id={fieldId('creators')}
        label={t('upload.fields.creators')}
        hint={t('upload.hints.creators')}
        validated
        error={problem('creators')}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            inputMode="email"
            autoComplete="off"
            value={creators}
            onChange={(event) => {
              setCreators(event.target.value)
              clearProblem('creators')
            }}
          />
        )}
      </FormField>

      <div className="contribute-row">
        <FormField id={fieldId('series')} label={t('upload.fields.seriesName')}>
          {(control) => <input {...control} className="input" value={seriesName} maxLength={SERIES_NAME_MAX_CHARS} onChange={(event) => setSeriesName(event.target.value)} />}
        </FormField>
        <FormField id={fieldId('episode')} label={t('upload.fields.episode')} validated error={problem('episode')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={episode}
              onChange={(event) => {
                setEpisode(event.target.value)
                clearProblem('episode')
              }}
            />
          )}
        </FormField>
      </div>
      <p className="field-hint contribute-optional">{t('upload.hints.series')}</p>

      <FormField id={fieldId('file')} label={t('upload.fields.file')} hint={t('upload.hints.file')} validated error={problem('file')}>
        {(control) => (
          <input
            // A new key empties the file input after a successful submission.
            key={fileInputKey}
            {...control}
            className="input contribute-file"
            type="file"
            accept="video/*,.mp4,.mov,.avi,.mkv,.webm,.m4v"
            required
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              clearProblem('file')
            }}
          />
        )}
      </FormField>

      <CaptionFilesField value={captions} onChange={setCaptions} resetKey={fileInputKey} />

      <div className="field">
        <label className="contribute-check">
          <input
            type="checkbox"
            checked={releaseConfirmed}
            required
            onChange={(event) => {
              setReleaseConfirmed(event.target.checked)
              clearProblem('release')
            }}
            aria-invalid={Boolean(problems.release)}
            aria-describedby={problems.release ? fieldId('release-error') : undefined}
          />
          <span>{t('upload.fields.release')}</span>
        </label>
        {problems.release ? (
          <p id={fieldId('release-error')} className="field-error">
            {problem('release')}
          </p>
        ) : null}
      </div>

      <label className="contribute-check">
        <input type="checkbox" checked={publishable} onChange={(event) => setPublishable(event.target.checked)} />
        <span>{t('upload.fields.publishable')}</span>
      </label>

      <div role="status" aria-live="polite" className="contribute-outcome" data-testid="upload-outcome">
        {outcome?.kind === 'success' ? <p className="form-success">{t(outcome.inMemory ? 'upload.inMemory' : outcome.queued ? 'upload.queuedOffline' : 'upload.success')}</p> : null}
      </div>
      <div role="alert" className="contribute-outcome" data-testid="upload-error">
        {outcome?.kind === 'error' ? (
          <>
            <p className="form-error">{t(outcome.why === 'unknown' ? 'upload.failed' : 'upload.notKept')}</p>
            <p className="field-hint">{t(NOT_KEPT_HINT[outcome.why])}</p>
          </>
        ) : null}
      </div>

      <div className="contribute-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('upload.submitting') : t('upload.submit')}
        </button>
      </div>
      {guidelinesOpen ? <LevelGuidelinesDialog onClose={() => setGuidelinesOpen(false)} /> : null}
    </form>
  )
}
