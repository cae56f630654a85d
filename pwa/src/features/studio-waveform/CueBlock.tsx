/**
 * One cue on the timeline: a button that selects it, and its two edges, each a slider a keyboard moves
 * by a tenth of a second (Page Up/Down a second, Home/End as far as its neighbours allow) and a pointer drags.
 */
import { memo, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { EdgeHandlers } from './use-edge-drag.ts'
import { clockLabel, NUDGE_SECONDS, round3, type Edge } from './timeline-math.ts'

interface Props {
  id: string
  number: number
  start: number
  end: number
  /** Percent of the strip's width. */
  left: number
  width: number
  selected: boolean
  dragging: boolean
  /** How far each edge may go (seconds): plain numbers, so a block whose bounds did not change skips its render. */
  startMin: number
  startMax: number
  endMin: number
  endMax: number
  handlers: EdgeHandlers
  onSelect(id: string): void
  onNudge(id: string, edge: Edge, to: number): void
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -NUDGE_SECONDS, ArrowDown: -NUDGE_SECONDS, ArrowRight: NUDGE_SECONDS, ArrowUp: NUDGE_SECONDS, PageDown: -1, PageUp: 1 }

export const CueBlock = memo(function CueBlock({ id, number, start, end, left, width, selected, dragging, startMin, startMax, endMin, endMax, handlers, onSelect, onNudge }: Props) {
  const { t } = useTranslation('studio-panels')
  const bounds: Record<Edge, { min: number; max: number }> = { start: { min: startMin, max: startMax }, end: { min: endMin, max: endMax } }
  const onKeyDown = (edge: Edge) => (event: KeyboardEvent<HTMLDivElement>) => {
    const at = edge === 'start' ? start : end
    const step = KEY_STEPS[event.key]
    let to: number | null = step === undefined ? null : at + step
    if (event.key === 'Home') to = bounds[edge].min
    if (event.key === 'End') to = bounds[edge].max
    if (to === null) return
    event.preventDefault()
    onNudge(id, edge, round3(to))
  }
  const edgeProps = (edge: Edge) => {
    const value = edge === 'start' ? start : end
    return {
      role: 'slider',
      tabIndex: 0,
      className: `cue-edge cue-edge-${edge}`,
      'aria-label': t(edge === 'start' ? 'timeline.edgeStart' : 'timeline.edgeEnd', { number }),
      'aria-valuemin': round3(bounds[edge].min),
      'aria-valuemax': round3(bounds[edge].max),
      'aria-valuenow': round3(value),
      'aria-valuetext': clockLabel(value),
      'aria-orientation': 'horizontal' as const,
      'data-testid': `cue-edge-${edge}`,
      onKeyDown: onKeyDown(edge),
      onPointerDown: (event: React.PointerEvent<HTMLDivElement>) => handlers.onPointerDown(event, id, edge),
      onPointerMove: handlers.onPointerMove,
      onPointerUp: handlers.onPointerUp,
      onPointerCancel: handlers.onPointerCancel,
    }
  }
  return (
    <div
      className={`cue-block${selected ? ' is-selected' : ''}${dragging ? ' is-dragging' : ''}`}
      style={{ left: `${left}%`, width: `${width}%` }}
      data-testid="cue-block"
      data-cue-id={id}
      // A click on the block or an edge selects or ends a drag: it is not a click on the strip beneath (a seek).
      onClick={(event) => event.stopPropagation()}
    >
      <button type="button" className="cue-block-body" aria-pressed={selected} onClick={() => onSelect(id)} aria-label={t('timeline.cue', { number, start: clockLabel(start), end: clockLabel(end) })}>
        <span aria-hidden="true">{number}</span>
      </button>
      <div {...edgeProps('start')}>
        <span className="cue-edge-grip" aria-hidden="true" />
      </div>
      <div {...edgeProps('end')}>
        <span className="cue-edge-grip" aria-hidden="true" />
      </div>
    </div>
  )
})
