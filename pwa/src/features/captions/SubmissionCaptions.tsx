/**
 * A submission's captions on its card: for its own language and English, whether a file is attached, and
 * add, replace or remove it. A file the server refuses shows its lines as the server wrote them.
 * Online only: the submission exists on the server already (queued uploads send theirs themselves).
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaptionLanguage } from '../../../../contract/vocabulary.ts'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import { captionLanguagesOf, readCaptionFile } from './caption-files.ts'
import { removeCaptions, sendCaptions } from '../../data/uploads/captions-api.ts'
import './captions.css'

type Outcome = { kind: 'saved'; cues: number } | { kind: 'removed' } | { kind: 'refused'; fileName: string; errors: string[] } | { kind: 'failed'; message?: string }

export function SubmissionCaptions({ submission }: { submission: Submission }) {
  const { t } = useTranslation('captions')
  const headingId = useId()
  // What the server said it holds, updated by what this card did since.
  const [attached, setAttached] = useState<Partial<Record<CaptionLanguage, number>>>(() =>
    Object.fromEntries((submission.captions ?? []).map((caption) => [caption.language, caption.cues])),
  )
  const [outcomes, setOutcomes] = useState<Partial<Record<CaptionLanguage, Outcome>>>({})
  const [busy, setBusy] = useState<CaptionLanguage | null>(null)
  const [inputKey, setInputKey] = useState(0)

  const settle = (language: CaptionLanguage, outcome: Outcome) => setOutcomes((current) => ({ ...current, [language]: outcome }))

  async function attach(language: CaptionLanguage, file: File | undefined) {
    if (!file) return
    setBusy(language)
    try {
      const read = await readCaptionFile(file)
      if (!read.ok) return settle(language, { kind: 'failed', message: t(`fields.${read.problem}`) })
      const result = await sendCaptions(submission.id, language, read.bytes)
      if (result.ok) {
        setAttached((current) => ({ ...current, [language]: result.cues }))
        settle(language, { kind: 'saved', cues: result.cues })
      } else if (result.failure === 'refused') {
        settle(language, { kind: 'refused', fileName: file.name, errors: result.errors })
      } else {
        settle(language, { kind: 'failed' })
      }
    } finally {
      setBusy(null)
      setInputKey((key) => key + 1)
    }
  }

  async function remove(language: CaptionLanguage) {
    setBusy(language)
    try {
      await removeCaptions(submission.id, language)
      setAttached(({ [language]: _gone, ...rest }) => rest)
      settle(language, { kind: 'removed' })
    } catch {
      settle(language, { kind: 'failed' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="submission-captions" aria-labelledby={headingId} data-testid="submission-captions">
      <h3 id={headingId} className="submission-captions-title">
        {t('card.title')}
      </h3>
      {captionLanguagesOf(submission.language_code).map((language) => {
        const name = t(`languageNames.${language}`)
        const has = attached[language] !== undefined
        const outcome = outcomes[language]
        const inputId = `${headingId}-${language}`
        return (
          <div key={language} className="caption-row-block" data-testid={`submission-captions-${language}`}>
            <div className="caption-row">
              <span>{has ? t('card.has', { language: name }) : t('card.none', { language: name })}</span>
              <input
                key={inputKey}
                id={inputId}
                className="visually-hidden"
                type="file"
                accept=".vtt,text/vtt"
                disabled={busy !== null}
                onChange={(event) => void attach(language, event.target.files?.[0])}
                data-testid={`submission-caption-file-${language}`}
              />
              {/* After the input, so its focus ring can show on the label that looks like a button. */}
              <label className="button button-secondary button-small caption-file-button" htmlFor={inputId}>
                {has ? t('card.replace', { language: name }) : t('card.add', { language: name })}
              </label>
              {has ? (
                <button type="button" className="button button-ghost button-small" disabled={busy !== null} onClick={() => void remove(language)}>
                  {t('card.remove', { language: name })}
                </button>
              ) : null}
            </div>
            {busy === language ? (
              <p className="muted small" role="status">
                {t('status.sending', { language: name })}
              </p>
            ) : outcome?.kind === 'refused' ? (
              <div role="alert" data-testid="caption-refused">
                <p className="form-error">{t('status.refused', { language: name, file: outcome.fileName })}</p>
                <ul className="caption-errors form-error">
                  {outcome.errors.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : outcome?.kind === 'failed' ? (
              <p className="form-error" role="alert">
                {outcome.message ?? t('status.failed')}
              </p>
            ) : outcome ? (
              <p className="form-success" role="status">
                {outcome.kind === 'saved' ? t('status.saved', { language: name, count: outcome.cues }) : t('status.removed', { language: name })}
              </p>
            ) : null}
          </div>
        )
      })}
    </section>
  )
}
