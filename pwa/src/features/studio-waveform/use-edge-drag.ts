/**
 * Dragging a cue's edge with a finger, a pen or a mouse (pointer events under pointer capture, so a
 * drag that leaves the strip keeps going). While it moves only the dragged cue's preview changes (the
 * few blocks in view render, not the studio); the studio hears the new times once, when the edge is let go.
 * A cancelled pointer (a scroll gesture taking over, a lost capture) puts the edge back.
 */
import { useCallback, useMemo, useRef, useState, type PointerEvent } from 'react'
import { moveEdge, type Edge, type TimedCue } from './timeline-math.ts'

export interface DragPreview {
  id: string
  start: number
  end: number
}

interface Active {
  pointerId: number
  id: string
  index: number
  edge: Edge
  originX: number
  originTime: number
  secondsPerPixel: number
  moved: boolean
}

export function useEdgeDrag(
  sorted: readonly TimedCue[],
  duration: number,
  secondsPerPixel: number,
  onChangeTimes: (id: string, start: number, end: number) => void,
) {
  const [preview, setPreview] = useState<DragPreview | null>(null)
  const active = useRef<Active | null>(null)
  const latest = useRef<DragPreview | null>(null)

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>, id: string, edge: Edge) => {
      if (event.button !== 0 || active.current) return
      const index = sorted.findIndex((cue) => cue.id === id)
      if (index < 0) return
      event.preventDefault()
      event.stopPropagation()
      event.currentTarget.setPointerCapture?.(event.pointerId)
      event.currentTarget.focus({ preventScroll: true })
      const cue = sorted[index]!
      active.current = { pointerId: event.pointerId, id, index, edge, originX: event.clientX, originTime: edge === 'start' ? cue.start : cue.end, secondsPerPixel, moved: false }
      latest.current = { id, start: cue.start, end: cue.end }
    },
    [sorted, secondsPerPixel],
  )

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const drag = active.current
      if (!drag || drag.pointerId !== event.pointerId) return
      const next = moveEdge(sorted, drag.index, drag.edge, drag.originTime + (event.clientX - drag.originX) * drag.secondsPerPixel, duration)
      const last = latest.current
      if (last && last.start === next.start && last.end === next.end) return
      drag.moved = true
      latest.current = { id: drag.id, ...next }
      setPreview(latest.current)
    },
    [sorted, duration],
  )

  const finish = useCallback(
    (event: PointerEvent<HTMLElement>, commit: boolean) => {
      const drag = active.current
      if (!drag || drag.pointerId !== event.pointerId) return
      active.current = null
      const last = latest.current
      latest.current = null
      setPreview(null)
      if (commit && drag.moved && last) onChangeTimes(last.id, last.start, last.end)
    },
    [onChangeTimes],
  )

  const onPointerUp = useCallback((event: PointerEvent<HTMLElement>) => finish(event, true), [finish])
  const onPointerCancel = useCallback((event: PointerEvent<HTMLElement>) => finish(event, false), [finish])

  // One object for as long as its handlers are the same, so the blocks not being dragged skip their render.
  const handlers = useMemo(() => ({ onPointerDown, onPointerMove, onPointerUp, onPointerCancel }), [onPointerDown, onPointerMove, onPointerUp, onPointerCancel])
  return { preview, handlers }
}

export type EdgeHandlers = ReturnType<typeof useEdgeDrag>['handlers']
