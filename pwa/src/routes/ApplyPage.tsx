/**
 * /apply (public, spec sections 2, 3, 8): the contributor application. Kept light: no Dexie, no
 * hls.js, no tus; the form goes as one multipart POST /contributor_applications. The video is checked
 * here first (present, MP4/WebM/MOV, under 50 MB) for a quick answer; the server checks it again by
 * its bytes, and each of its coded answers gets the spec's message.
 */
import { useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  APPLICATION_LOCATION_MAX_CHARS,
  APPLICATION_NAME_MAX_CHARS,
  APPLICATION_NOTES_MAX_CHARS,
  EMAIL_MAX_CHARS,
} from '../../../contract/limits.ts'
import { FormField } from '../components/FormField.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { ApiError } from '../data/api.ts'
import { postForm } from '../data/form-request.ts'
import {
  APPLICATION_VIDEO_ACCEPT,
  applicationMessageFor,
  checkApplicationVideo,
  ENGLISH_ABILITY_OPTIONS,
  type ApplicationMessage,
} from '../features/contribute/application-rules.ts'
import { SampleScriptDialog } from '../features/contribute/SampleScriptDialog.tsx'
import { LANGUAGE_SELF_NAMES, PublicHeader } from '../features/public/PublicHeader.tsx'
import { useSession } from '../data/session/session.ts'
import { UI_LANGUAGES } from '../i18n/config.ts'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

type EnglishAbility = (typeof ENGLISH_ABILITY_OPTIONS)[number]
type Field = 'name' | 'email' | 'english' | 'video'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** Signed out, the page wears the public pages' header (brand, sign in, en/vi switch); signed in, the app's navigation bar. */
export default function ApplyPage() {
  const { t, i18n } = useTranslation(['landing', 'common'])
  const { status } = useSession()
  if (status === 'signed-in') return <ApplyContent />
  const languages = UI_LANGUAGES.map((code) => ({
    code,
    label: LANGUAGE_SELF_NAMES[code],
    current: i18n.resolvedLanguage === code,
    onSelect: () => void i18n.changeLanguage(code),
  }))
  return (
    <div className="public-page">
      <PublicHeader t={t} languages={languages} signedIn={false} />
      <ApplyContent />
    </div>
  )
}

function ApplyContent() {
  const { t, i18n } = useTranslation('contribute')
  const { status } = useSession()
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [location, setLocation] = useState('')
  const [english, setEnglish] = useState<EnglishAbility | ''>('')
  const [notes, setNotes] = useState('')
  const [video, setVideo] = useState<File | null>(null)
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<{ message: ApplicationMessage; details: string[] } | null>(null)
  const [done, setDone] = useState(false)
  const [scriptOpen, setScriptOpen] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const clear = (field: Field) => setProblems(({ [field]: _gone, ...rest }) => rest)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setFailure(null)
    const found: Partial<Record<Field, string>> = {}
    if (!name.trim()) found.name = t('apply.errors.nameRequired')
    if (!EMAIL.test(email.trim())) found.email = t('apply.errors.emailInvalid')
    if (!english) found.english = t('apply.errors.englishRequired')
    const videoProblem = checkApplicationVideo(video)
    if (videoProblem) found.video = t(`apply.errors.${videoProblem}`)
    setProblems(found)
    if (Object.keys(found).length > 0 || !video) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    const form = new FormData()
    form.set('name', name.trim())
    form.set('email', email.trim())
    form.set('location', location.trim())
    form.set('english_ability', english)
    form.set('notes', notes.trim())
    // The replies are e-mailed in the language the form was read in.
    form.set('ui_language', i18n.resolvedLanguage ?? 'en')
    form.set('video', video)
    setBusy(true)
    try {
      await postForm('/contributor_applications', form)
      setDone(true)
    } catch (error) {
      const message = applicationMessageFor(error)
      // Field problems the quick checks here missed: the server's own sentences say which.
      const details = message === 'validation' && error instanceof ApiError ? error.errors : []
      setFailure({ message, details })
    } finally {
      setBusy(false)
    }
  }

  const back = status === 'signed-in' ? '/languages' : '/'
  if (done) {
    return (
      <PageFrame title={t('apply.title')}>
        <section className="card contribute-not-allowed">
          <p className="form-success" role="status" data-testid="apply-success">
            {t('apply.success')}
          </p>
          <p>{t('apply.successNext')}</p>
          <Link className="button button-secondary" to={back}>
            {status === 'signed-in' ? t('apply.backSignedIn') : t('apply.backHome')}
          </Link>
        </section>
      </PageFrame>
    )
  }

  return (
    <PageFrame title={t('apply.title')}>
      <p className="lead">{t('apply.intro')}</p>
      <form ref={formRef} className="card contribute-form apply-form" onSubmit={submit} noValidate data-testid="apply-form">
        <FormField id={fieldId('name')} label={t('apply.fields.name')} validated error={problems.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="name"
              maxLength={APPLICATION_NAME_MAX_CHARS}
              required
              value={name}
              onChange={(event) => {
                setName(event.target.value)
                clear('name')
              }}
            />
          )}
        </FormField>
        <FormField id={fieldId('email')} label={t('apply.fields.email')} validated error={problems.email}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_CHARS}
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value)
                clear('email')
              }}
            />
          )}
        </FormField>
        <FormField id={fieldId('location')} label={t('apply.fields.location')} hint={t('apply.hints.location')}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="address-level2"
              maxLength={APPLICATION_LOCATION_MAX_CHARS}
              value={location}
              onChange={(event) => setLocation(event.target.value)}
            />
          )}
        </FormField>
        <fieldset className="field" aria-describedby={problems.english ? fieldId('english-error') : undefined}>
          <legend className="field-label">{t('apply.fields.english')}</legend>
          <div className="contribute-radios">
            {ENGLISH_ABILITY_OPTIONS.map((option) => (
              <label key={option} className="contribute-check">
                <input
                  type="radio"
                  name="english_ability"
                  value={option}
                  checked={english === option}
                  onChange={() => {
                    setEnglish(option)
                    clear('english')
                  }}
                  aria-invalid={Boolean(problems.english) && option === ENGLISH_ABILITY_OPTIONS[0]}
                />
                <span>{t(`apply.english.${option}`)}</span>
              </label>
            ))}
          </div>
          {problems.english ? (
            <p id={fieldId('english-error')} className="field-error">
              {problems.english}
            </p>
          ) : null}
        </fieldset>
        <FormField id={fieldId('notes')} label={t('apply.fields.notes')}>
          {(control) => <textarea {...control} className="input textarea" rows={4} maxLength={APPLICATION_NOTES_MAX_CHARS} value={notes} onChange={(event) => setNotes(event.target.value)} />}
        </FormField>
        <FormField
          id={fieldId('video')}
          label={t('apply.fields.video')}
          hint={
            <>
              {t('apply.hints.video')}{' '}
              <button type="button" className="link-button" onClick={() => setScriptOpen(true)}>
                {t('apply.script.open')}
              </button>
            </>
          }
          validated
          error={problems.video}
          errorTestId="apply-video-error"
        >
          {(control) => (
            <input
              {...control}
              className="input contribute-file"
              type="file"
              accept={APPLICATION_VIDEO_ACCEPT}
              onChange={(event) => {
                setVideo(event.target.files?.[0] ?? null)
                clear('video')
                setFailure(null)
              }}
            />
          )}
        </FormField>
        <div role="alert" className="contribute-outcome" data-testid="apply-error">
          {failure ? (
            <>
              <p className="form-error">{t(`apply.errors.${failure.message}`)}</p>
              {failure.details.length > 0 ? (
                <ul className="field-hint">
                  {failure.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
        <div className="contribute-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('apply.sending') : t('apply.submit')}
          </button>
        </div>
      </form>
      {scriptOpen ? <SampleScriptDialog onClose={() => setScriptOpen(false)} /> : null}
    </PageFrame>
  )
}
