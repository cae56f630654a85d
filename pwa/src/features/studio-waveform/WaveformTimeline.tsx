/**
 * The studio's timeline (issue 44 item 2): the cues as blocks over the source's waveform, in a window
 * of the video (30 s on a wide screen, 10 s on a phone) that follows the playhead and scrolls. A block's
 * edges are dragged or nudged with keys; a click on a block selects it, a click on the waveform seeks.
 * Only what is in view renders: the blocks of the cues in the window (a binary search of the sorted
 * cues) and the peaks under it, so 600 cues over 30 minutes cost what ten do.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type WheelEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CueBlock } from './CueBlock.tsx'
import { useEdgeDrag } from './use-edge-drag.ts'
import { WaveformCanvas } from './WaveformCanvas.tsx'
import { clampViewStart, clockLabel, cuesInView, edgeBounds, followPlayhead, moveEdge, sortCues, tickStep, xToTime, type Edge } from './timeline-math.ts'
import './waveform.css'

/** @public: the studio screen (branch studio-core) embeds the timeline with exactly these props. */
export interface WaveformTimelineProps {
  peaks: number[]
  peaksPerSecond: number
  durationSeconds: number
  cues: { id: string; start: number; end: number }[]
  currentTime: number
  selectedId: string | null
  onSelect(id: string): void
  onChangeTimes(id: string, start: number, end: number): void
  onSeek(seconds: number): void
}

const ZOOMS = [5, 10, 30, 60, 120, 300] as const
const WAVEFORM_HEIGHT = 72

function useWidth() {
  const element = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const node = element.current
    if (!node) return
    setWidth(node.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setWidth(node.clientWidth))
    observer.observe(node)
    return () => observer.disconnect()
  }, [])
  return [element, width] as const
}

function boundsOf(sorted: ReturnType<typeof sortCues>, index: number, duration: number) {
  const start = edgeBounds(sorted, index, 'start', duration)
  const end = edgeBounds(sorted, index, 'end', duration)
  return { startMin: start.min, startMax: start.max, endMin: end.min, endMax: end.max }
}

export function WaveformTimeline({ peaks, peaksPerSecond, durationSeconds, cues, currentTime, selectedId, onSelect, onChangeTimes, onSeek }: WaveformTimelineProps) {
  const { t } = useTranslation('studio-panels')
  const [strip, width] = useWidth()
  const duration = Math.max(durationSeconds, 0.1)
  const [zoom, setZoom] = useState<number | null>(null)
  const viewSeconds = Math.min(duration, zoom ?? (width > 0 && width < 600 ? 10 : 30))
  const [viewStart, setViewStart] = useState(0)
  const [follow, setFollow] = useState(true)
  const shown = follow ? followPlayhead(viewStart, currentTime, viewSeconds, duration) : clampViewStart(viewStart, viewSeconds, duration)
  // The window turns its page as the playhead passes (state derived while rendering, React's way).
  if (shown !== viewStart) setViewStart(shown)
  const viewEnd = shown + viewSeconds

  const sorted = useMemo(() => sortCues(cues), [cues])
  const secondsPerPixel = width > 0 ? viewSeconds / width : 0
  const { preview, handlers } = useEdgeDrag(sorted, duration, secondsPerPixel, onChangeTimes)
  const visible = cuesInView(sorted, shown, viewEnd)
  const indexOf = useMemo(() => new Map(sorted.map((cue, index) => [cue.id, index])), [sorted])

  const onNudge = useCallback(
    (id: string, edge: Edge, to: number) => {
      const index = indexOf.get(id)
      if (index === undefined) return
      const next = moveEdge(sorted, index, edge, to, duration)
      const cue = sorted[index]!
      if (next.start !== cue.start || next.end !== cue.end) onChangeTimes(id, next.start, next.end)
    },
    [indexOf, sorted, duration, onChangeTimes],
  )

  const seekAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const at = Math.min(duration, Math.max(0, xToTime(event.clientX - box.left, shown, viewSeconds, box.width)))
    setFollow(true)
    onSeek(at)
  }
  const scrollTo = (start: number) => {
    setFollow(false)
    setViewStart(clampViewStart(start, viewSeconds, duration))
  }
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.shiftKey ? event.deltaY : 0
    if (delta !== 0 && secondsPerPixel > 0) scrollTo(shown + delta * secondsPerPixel)
  }
  const zoomBy = (direction: 1 | -1) => {
    const position = ZOOMS.findIndex((step) => step >= viewSeconds - 0.001)
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (position < 0 ? ZOOMS.length - 1 : position) + direction))]!
    setZoom(next)
    // Keep the playhead where it was on screen when following, else the window's middle.
    const anchor = follow ? currentTime : shown + viewSeconds / 2
    setViewStart(clampViewStart(anchor - (anchor - shown) * (next / viewSeconds), Math.min(duration, next), duration))
  }

  const percent = (seconds: number) => ((seconds - shown) / viewSeconds) * 100
  const step = tickStep(viewSeconds)
  const ticks: number[] = []
  for (let at = Math.ceil(shown / step) * step; at <= viewEnd; at += step) ticks.push(at)
  const playheadIn = currentTime >= shown && currentTime <= viewEnd

  return (
    <section className="waveform-timeline" aria-label={t('timeline.label')} data-testid="waveform-timeline">
      <div className="waveform-toolbar">
        <span className="waveform-range" aria-live="off">
          {t('timeline.range', { from: clockLabel(shown, false), to: clockLabel(viewEnd, false), total: clockLabel(duration, false) })}
        </span>
        <div className="waveform-buttons">
          <button type="button" className="waveform-button" onClick={() => zoomBy(-1)} disabled={viewSeconds <= ZOOMS[0]} aria-label={t('timeline.zoomIn')} title={t('timeline.zoomIn')}>
            +
          </button>
          <button type="button" className="waveform-button" onClick={() => zoomBy(1)} disabled={viewSeconds >= Math.min(duration, ZOOMS[ZOOMS.length - 1])} aria-label={t('timeline.zoomOut')} title={t('timeline.zoomOut')}>
            −
          </button>
          <button type="button" className="waveform-button waveform-follow" aria-pressed={follow} onClick={() => setFollow(!follow)}>
            {t('timeline.follow')}
          </button>
        </div>
      </div>
      <div className="waveform-strip" ref={strip} onWheel={onWheel}>
        <div className="waveform-ruler" aria-hidden="true" onClick={seekAt}>
          {ticks.map((at) => (
            <span key={at} className="waveform-tick" style={{ left: `${percent(at)}%` }}>
              {clockLabel(at, false)}
            </span>
          ))}
        </div>
        <div className="waveform-cues" onClick={seekAt} data-testid="waveform-cues">
          {visible.map((cue) => {
            const index = indexOf.get(cue.id)!
            const times = preview?.id === cue.id ? preview : cue
            return (
              <CueBlock
                key={cue.id}
                id={cue.id}
                number={index + 1}
                start={times.start}
                end={times.end}
                left={percent(times.start)}
                width={((times.end - times.start) / viewSeconds) * 100}
                selected={cue.id === selectedId}
                dragging={preview?.id === cue.id}
                {...boundsOf(sorted, index, duration)}
                handlers={handlers}
                onSelect={onSelect}
                onNudge={onNudge}
              />
            )
          })}
        </div>
        <div className="waveform-audio" onClick={seekAt} data-testid="waveform-audio" title={t('timeline.seekHint')}>
          <WaveformCanvas peaks={peaks} peaksPerSecond={peaksPerSecond} viewStart={shown} viewSeconds={viewSeconds} width={width} height={WAVEFORM_HEIGHT} />
        </div>
        {playheadIn && <div className="waveform-playhead" style={{ left: `${percent(currentTime)}%` }} data-testid="waveform-playhead" aria-hidden="true" />}
      </div>
      <input
        type="range"
        className="waveform-scroll"
        min={0}
        max={Math.max(0, Math.floor(duration - viewSeconds))}
        step={1}
        value={Math.floor(shown)}
        onChange={(event) => scrollTo(Number(event.target.value))}
        aria-label={t('timeline.scroll')}
        aria-valuetext={t('timeline.range', { from: clockLabel(shown, false), to: clockLabel(viewEnd, false), total: clockLabel(duration, false) })}
        disabled={viewSeconds >= duration}
      />
    </section>
  )
}
