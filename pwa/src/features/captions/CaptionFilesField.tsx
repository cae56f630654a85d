/**
 * The upload form's caption files: WebVTT in the submission's own language and, optionally, English
 * (a Cantonese submission's are yue and en). Each file is read on
 * the device when chosen (so it can be queued offline with the video); the server judges it later and
 * its verdict shows in the upload queue.
 */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaptionLanguage } from '../../../../contract/vocabulary.ts'
import { captionLanguagesOf, readCaptionFile } from './caption-files.ts'
import './captions.css'

export type ChosenCaptions = Partial<Record<CaptionLanguage, { fileName: string; bytes: Blob }>>

export function CaptionFilesField({
  language: submissionLanguage,
  value,
  onChange,
  resetKey,
}: {
  /** The submission's language: its tracks are in it and in English. */
  language: string
  value: ChosenCaptions
  onChange: (next: ChosenCaptions) => void
  /** A new key empties the inputs (after a successful submission). */
  resetKey: number
}) {
  const { t } = useTranslation('captions')
  const id = useId()
  const problems = useProblems()

  async function choose(language: CaptionLanguage, file: File | undefined) {
    const { [language]: _replaced, ...rest } = value
    problems.clear(language)
    if (!file) return onChange(rest)
    const read = await readCaptionFile(file)
    if (!read.ok) {
      problems.set(language, t(`fields.${read.problem}`))
      return onChange(rest)
    }
    onChange({ ...rest, [language]: { fileName: read.fileName, bytes: read.bytes } })
  }

  return (
    <fieldset className="field caption-fields" aria-describedby={`${id}-hint`} data-testid="caption-files">
      <legend className="field-label">{t('fields.captions')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('fields.captionsHint', { language: t(`languageNames.${captionLanguagesOf(submissionLanguage)[0]}`) })}
      </p>
      {captionLanguagesOf(submissionLanguage).map((language) => (
        <div key={language} className="field">
          <label className="field-label" htmlFor={`${id}-${language}`}>{t('fields.captionsIn', { language: t(`languageNames.${language}`) })}</label>
          <input
            key={resetKey}
            id={`${id}-${language}`}
            className="input contribute-file"
            type="file"
            accept=".vtt,text/vtt"
            aria-invalid={Boolean(problems.of(language))}
            aria-describedby={problems.of(language) ? `${id}-${language}-error` : undefined}
            onChange={(event) => void choose(language, event.target.files?.[0])}
            data-testid={`caption-file-${language}`}
          />
          {problems.of(language) ? (
            <p id={`${id}-${language}-error`} className="field-error">
              {problems.of(language)}
            </p>
          ) : null}
        </div>
      ))}
    </fieldset>
  )
}


function useProblems() {
  const [problems, setProblems] = useState<Partial<Record<CaptionLanguage, string>>>({})
  return {
    of: (language: CaptionLanguage) => problems[language],
    set: (language: CaptionLanguage, message: string) => setProblems((current) => ({ ...current, [language]: message })),
    clear: (language: CaptionLanguage) => setProblems(({ [language]: _gone, ...rest }) => rest),
  }
}
