/**
 * SLOT for the waveform timeline (issue 44; built on branch studio-panels as
 * features/studio-waveform/WaveformTimeline.tsx, merged by the lead). When it lands, this component
 * fetches the waveform (GET /submissions/:id/waveform through data/studio) and renders
 * <WaveformTimeline peaks peaksPerSecond durationSeconds cues currentTime selectedId onSelect
 * onChangeTimes onSeek />; until then it draws the timed cues as blocks on a plain strip, which a tap
 * selects and seeks to, so the Fix step is usable without it.
 */
import { useTranslation } from 'react-i18next'
import { isTimed, type StudioCue } from './cue-ops.ts'

interface Props {
  cues: readonly StudioCue[]
  time: number
  selectedId: string | null
  onSelect: (id: string) => void
  onChangeTimes: (id: string, start: number, end: number) => void
  onSeek: (seconds: number) => void
}

export function TimelineSlot({ cues, time, selectedId, onSelect, onSeek }: Props) {
  const { t } = useTranslation('studio')
  const timed = cues.filter(isTimed)
  const length = Math.max(1, time, ...timed.map((cue) => cue.end))
  return (
    <div className="studio-timeline" data-testid="timeline-slot" role="group" aria-label={t('fix.timeline')}>
      {timed.map((cue) => (
        <button
          key={cue.id}
          type="button"
          className={cue.id === selectedId ? 'studio-timeline-cue is-selected' : 'studio-timeline-cue'}
          style={{ left: `${(cue.start / length) * 100}%`, width: `${((cue.end - cue.start) / length) * 100}%` }}
          onClick={() => {
            onSelect(cue.id)
            onSeek(cue.start)
          }}
          title={cue.text}
        >
          <span className="visually-hidden">{cue.text}</span>
        </button>
      ))}
      <span className="studio-timeline-head" style={{ left: `${(time / length) * 100}%` }} aria-hidden="true" />
    </div>
  )
}
