/**
 * The studio's screen: its steps (Write → Time → Fix → English → Glossary → Preview), the video beside
 * them, where the work is kept (on the device at once, on the server when saved), and the choice a
 * save over a newer version asks for. Desktop first: the video on the left, the step on the right; on
 * a narrow screen one above the other.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import type { StudioDraft } from '../../data/studio/index.ts'
import { cueAt, isTimed } from './cue-ops.ts'
import { cueWarnings, defaultRuleSettings, type RuleSettings } from './cue-rules.ts'
import { StudioVideo } from './StudioVideo.tsx'
import { useStudioEditor } from './use-studio-editor.ts'
import { useStudioSave } from './use-studio-save.ts'
import { SaveBar } from './SaveBar.tsx'
import { WriteStep } from './WriteStep.tsx'
import { TimeStep } from './TimeStep.tsx'
import { FixStep } from './FixStep.tsx'
import { EnglishStep } from './EnglishStep.tsx'
import { GlossaryStep } from './GlossaryStep.tsx'
import { PreviewStep } from './PreviewStep.tsx'
import { Shortcuts } from './Shortcuts.tsx'
import { STEPS, type Step } from './steps.ts'
import { inTextField } from './keys.ts'


export function StudioScreen({ draft, submission }: { draft: StudioDraft; submission: Submission | null }) {
  const { t } = useTranslation('studio')
  const editor = useStudioEditor(draft)
  const saving = useStudioSave(draft, editor.latest)
  const [step, setStep] = useState<Step>(() => (draft.cues.length === 0 ? 'write' : draft.cues.every(isTimed) ? 'fix' : 'time'))
  const [time, setTime] = useState(0)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [settings, setSettings] = useState<RuleSettings>(() => defaultRuleSettings(draft.language))
  const videoRef = useRef<HTMLVideoElement>(null)
  const onTime = useCallback((seconds: number) => setTime(seconds), [])
  const { cues } = editor
  const warnings = useMemo(() => cueWarnings(cues, draft.language, settings), [cues, draft.language, settings])
  const playing = step === 'write' ? undefined : cueAt(cues, time)

  // Ctrl+Z / Cmd+Z outside a text field undoes the studio's last change (a field's own typing is the field's
  // to undo), in the steps that edit the cues one by one: the Time step keeps its own place in the lines.
  const { undo } = editor
  const undoes = step === 'fix' || step === 'english'
  useEffect(() => {
    if (!undoes) return
    function onKey(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'z' || inTextField(event.target)) return
      event.preventDefault()
      undo()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [undo, undoes])

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current
    if (video) video.currentTime = seconds
  }, [])

  return (
    <div className="studio">
      <SaveBar draft={draft} kept={editor.kept} state={saving.state} onSave={saving.save} onKeepMine={saving.keepMine} onTakeTheirs={saving.takeServer} />
      <nav className="studio-steps" aria-label={t('steps.label')}>
        <ol>
          {STEPS.map((name, index) => (
            <li key={name}>
              <button type="button" className="studio-step" aria-current={step === name ? 'step' : undefined} onClick={() => setStep(name)} data-testid={`step-${name}`}>
                <span className="studio-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                {t(`steps.${name}`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="studio-body">
        <div className="studio-side">
          <StudioVideo src={submission?.playback?.hls_url ?? null} videoRef={videoRef} onTime={onTime}>
            {playing ? (
              <div className="studio-overlay" data-testid="studio-overlay">
                <p lang={draft.language}>{playing.text}</p>
                {playing.english ? <p lang="en">{playing.english}</p> : null}
              </div>
            ) : null}
          </StudioVideo>
          <Shortcuts step={step} />
        </div>
        <section className="studio-main" aria-label={t(`steps.${step}`)}>
          {step === 'write' ? <WriteStep editor={editor} onDone={() => setStep('time')} /> : null}
          {step === 'time' ? <TimeStep editor={editor} videoRef={videoRef} onDone={() => setStep('fix')} /> : null}
          {step === 'fix' ? (
            <FixStep editor={editor} videoRef={videoRef} time={time} seek={seek} warnings={warnings} settings={settings} onSettings={setSettings} selectedId={selectedId} onSelect={setSelectedId} language={draft.language} submissionId={draft.submissionId} />
          ) : null}
          {step === 'english' ? <EnglishStep editor={editor} language={draft.language} seek={seek} /> : null}
          {step === 'glossary' ? <GlossaryStep submissionId={draft.submissionId} language={draft.language} /> : null}
          {step === 'preview' ? <PreviewStep cues={cues} time={time} seek={seek} language={draft.language} /> : null}
        </section>
      </div>
    </div>
  )
}
