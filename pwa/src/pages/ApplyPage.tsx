/**
 * /apply (public, spec sections 2, 3, 8): the contributor application. Kept light: no Dexie, no
 * hls.js, no tus; the form goes as one multipart POST /contributor_applications. The video is checked
 * here first (present, MP4/WebM/MOV, under 50 MB) for a quick answer; the server checks it again by
 * its bytes, and each of its coded answers gets the spec's message.
 */
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { PageFrame } from '../components/PageFrame.tsx'
import { ContactFields, EnglishField, NotesAndVideoFields } from '../features/contribute/ApplicationFields.tsx'
import { SampleScriptDialog } from '../features/contribute/SampleScriptDialog.tsx'
import { useApplicationForm, type ApplicationFailure } from '../features/contribute/use-application-form.ts'
import { LANGUAGE_SELF_NAMES, PublicHeader } from '../features/public/PublicHeader.tsx'
import { useSession } from '../data/session/session.ts'
import { UI_LANGUAGES } from '../i18n/config.ts'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

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
  const { t } = useTranslation('contribute')
  const id = useId()
  const fieldId = (name: string) => `${id}-${name}`
  const { draft, set, problems, busy, failure, done, formRef, submit } = useApplicationForm()
  const [scriptOpen, setScriptOpen] = useState(false)
  if (done) return <ApplicationSent />
  const fields = { draft, set, problems, fieldId }
  return (
    <PageFrame title={t('apply.title')}>
      <p className="lead">{t('apply.intro')}</p>
      <form ref={formRef} className="card contribute-form apply-form" onSubmit={submit} noValidate data-testid="apply-form">
        <ContactFields {...fields} />
        <EnglishField {...fields} />
        <NotesAndVideoFields {...fields} onOpenScript={() => setScriptOpen(true)} />
        <FailureLines failure={failure} />
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

function ApplicationSent() {
  const { t } = useTranslation('contribute')
  const { status } = useSession()
  return (
    <PageFrame title={t('apply.title')}>
      <section className="card contribute-not-allowed">
        <p className="form-success" role="status" data-testid="apply-success">
          {t('apply.success')}
        </p>
        <p>{t('apply.successNext')}</p>
        <Link className="button button-secondary" to={status === 'signed-in' ? '/languages' : '/'}>
          {status === 'signed-in' ? t('apply.backSignedIn') : t('apply.backHome')}
        </Link>
      </section>
    </PageFrame>
  )
}

/** The server's answer, with its own sentences for field problems the quick checks missed. */
function FailureLines({ failure }: { failure: ApplicationFailure }) {
  const { t } = useTranslation('contribute')
  return (
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
  )
}
