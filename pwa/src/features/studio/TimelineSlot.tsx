/**
 * The Fix step's timeline: studio-panels' WaveformTimeline over the source's waveform, fetched through
 * data/studio. While the server's job is still drawing it (202) the timeline is there over an empty
 * track with a "Drawing the waveform…" note, and the peaks appear when they arrive; when there is none
 * (404) the cue blocks sit on an empty track, their edges still dragged and nudged. An edge let go (or
 * a key press) applies the studio's set-edges operation through `onChangeTimes`.
 */
import { useMemo, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { WaveformTimeline } from '../studio-waveform/WaveformTimeline.tsx'
import { isTimed, type StudioCue } from './cue-ops.ts'
import { useVideoDuration, useWaveform } from './use-waveform.ts'

interface Props {
  submissionId: number
  cues: readonly StudioCue[]
  time: number
  videoRef: RefObject<HTMLVideoElement | null>
  selectedId: string | null
  onSelect: (id: string) => void
  onChangeTimes: (id: string, start: number, end: number) => void
  onSeek: (seconds: number) => void
}

const NO_PEAKS: number[] = []

export function TimelineSlot({ submissionId, cues, time, videoRef, selectedId, onSelect, onChangeTimes, onSeek }: Props) {
  const { t } = useTranslation('studio')
  const waveform = useWaveform(submissionId)
  const videoDuration = useVideoDuration(videoRef)
  // The timeline hears of the cues' times only: typing in a line leaves the same list (and the blocks unrendered).
  const times = useMemo(() => JSON.stringify(cues.filter(isTimed).map(({ id, start, end }) => [id, start, end])), [cues])
  const timed = useMemo(() => (JSON.parse(times) as Array<[string, number, number]>).map(([id, start, end]) => ({ id, start, end })), [times])
  const lastEnd = timed.reduce((most, cue) => Math.max(most, cue.end), 0)
  const known = waveform.state === 'ready' ? waveform.durationSeconds : videoDuration
  // The track is as long as the video; a cue past its end (a typed time) still shows.
  const duration = Math.max(known, lastEnd, 1)
  return (
    <div className="studio-timeline-slot" data-testid="timeline-slot" data-waveform={waveform.state} role="group" aria-label={t('fix.timeline')}>
      {waveform.state === 'pending' || waveform.state === 'loading' ? (
        <p className="muted studio-timeline-note" role="status">
          {t('fix.waveformPending')}
        </p>
      ) : null}
      {waveform.state === 'none' ? <p className="muted studio-timeline-note">{t('fix.noWaveform')}</p> : null}
      <WaveformTimeline
        peaks={waveform.state === 'ready' ? waveform.peaks : NO_PEAKS}
        peaksPerSecond={waveform.state === 'ready' ? waveform.peaksPerSecond : 50}
        durationSeconds={duration}
        cues={timed}
        currentTime={time}
        selectedId={selectedId}
        onSelect={onSelect}
        onChangeTimes={onChangeTimes}
        onSeek={onSeek}
      />
    </div>
  )
}
