/**
 * Write: the transcript, one line a caption, typed or pasted; or a VTT/SRT file to start from (its
 * times kept). Editing the text again keeps each line's timing and English line (cue-ops cuesFromLines).
 */
import { useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cuesFromLines, linesOf } from './cue-ops.ts'
import { mergeTracks, readCaptionFile } from './cue-files.ts'
import type { StudioEditor } from './use-studio-editor.ts'

export function WriteStep({ editor, onDone }: { editor: StudioEditor; onDone: () => void }) {
  const { t } = useTranslation('studio')
  const [text, setText] = useState(() => linesOf(editor.cues))
  const [fileError, setFileError] = useState<string | null>(null)
  const textId = useId()
  const fileId = useId()
  const hintId = useId()

  function typed(value: string) {
    setText(value)
    editor.change(cuesFromLines(value, editor.latest()), 'after a pause')
  }

  async function imported(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setFileError(null)
    const cues = await readCaptionFile(await file.text()).catch(() => null)
    if (!cues) {
      setFileError(t('write.fileUnreadable', { name: file.name }))
      return
    }
    const next = mergeTracks(cues)
    editor.change(next, 'at once')
    setText(linesOf(next))
  }

  const count = editor.cues.length
  return (
    <div className="studio-write">
      <h2 className="studio-heading">{t('write.heading')}</h2>
      <p className="muted" id={hintId}>
        {t('write.hint')}
      </p>
      <div className="field">
        <label className="field-label" htmlFor={textId}>
          {t('write.label')}
        </label>
        <textarea id={textId} className="studio-transcript" value={text} onChange={(event) => typed(event.target.value)} aria-describedby={hintId} rows={14} spellCheck={false} data-testid="studio-transcript" />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={fileId}>
          {t('write.fileLabel')}
        </label>
        <input id={fileId} type="file" accept=".vtt,.srt,text/vtt" onChange={(event) => void imported(event)} data-testid="studio-import" />
        {fileError ? (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      <div className="studio-actions">
        <span className="muted">{t('write.count', { count })}</span>
        <button type="button" className="button" onClick={onDone} disabled={count === 0}>
          {t('write.next')}
        </button>
      </div>
    </div>
  )
}
