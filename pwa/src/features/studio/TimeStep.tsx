/**
 * Time (Amara's way): the video plays, and a press of "Next line" (or Space / Enter) starts the
 * current line and ends the one before it. A slower speed helps; "Back" steps to the line before to
 * tap it again. The press reads the video's own time at that moment.
 */
import { useEffect, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { nextUntimed, tapAt } from './cue-ops.ts'
import type { StudioEditor } from './use-studio-editor.ts'
import { inTextField } from './keys.ts'

const SPEEDS = [0.5, 0.75, 1] as const

export function TimeStep({ editor, videoRef, onDone }: { editor: StudioEditor; videoRef: RefObject<HTMLVideoElement | null>; onDone: () => void }) {
  const { t } = useTranslation('studio')
  const { cues } = editor
  const [chosen, setChosen] = useState<number | null>(null)
  const [speed, setSpeed] = useState(1)
  const position = Math.min(chosen ?? nextUntimed(cues), cues.length)
  const done = cues.length > 0 && position >= cues.length

  function tap() {
    const video = videoRef.current
    if (!video) return
    const current = editor.latest()
    const at = Math.min(chosen ?? nextUntimed(current), current.length)
    const next = tapAt(current, at, video.currentTime)
    if (at < current.length && next[at].start === current[at].start) return
    editor.change(next, 'at once')
    setChosen(at + 1)
  }

  function back() {
    setChosen(Math.max(0, position - 1))
  }

  function changeSpeed(value: number) {
    setSpeed(value)
    if (videoRef.current) videoRef.current.playbackRate = value
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (inTextField(event.target) || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return
      // A focused button or link answers Space and Enter itself ("Next line" among them).
      if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement) return
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault()
        tap()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const current = cues[position]
  const previous = cues[position - 1]
  return (
    <div className="studio-time">
      <h2 className="studio-heading">{t('time.heading')}</h2>
      <p className="muted">{t('time.hint')}</p>
      <div className="studio-time-lines" aria-live="polite">
        <p className="studio-time-previous">{previous ? previous.text : '\u00a0'}</p>
        <p className="studio-time-current" data-testid="time-current">
          {current ? current.text : t('time.endOfLast')}
        </p>
        <p className="studio-time-next">{cues[position + 1]?.text ?? '\u00a0'}</p>
      </div>
      <button type="button" className="button button-large button-block studio-tap" onClick={tap} disabled={position > cues.length} data-testid="time-next">
        {current ? t('time.next') : t('time.endLast')}
        <span className="studio-key-hint">{t('time.keyHint')}</span>
      </button>
      <div className="studio-actions">
        <button type="button" className="button button-secondary button-small" onClick={back} disabled={position === 0}>
          {t('time.back')}
        </button>
        <label className="studio-speed">
          {t('time.speed')}
          <select value={speed} onChange={(event) => changeSpeed(Number(event.target.value))} data-testid="time-speed">
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {t('time.speedValue', { value })}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">{t('time.progress', { done: Math.min(position, cues.length), total: cues.length })}</span>
        <button type="button" className={done ? 'button button-small' : 'button button-ghost button-small'} onClick={onDone}>
          {t('time.toFix')}
        </button>
      </div>
    </div>
  )
}
