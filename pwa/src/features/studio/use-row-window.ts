/**
 * Renders only the rows of a long list near the viewport (issue 44: a 30-minute video has 600 cues, and
 * each rendered row costs every keystroke and nudge its share of style and layout). The list scrolls with
 * the page, so the window is where the list's box meets the viewport, widened by OVERSCAN_PX on both
 * sides so a fast scroll or a Tab to the next row finds it already there.
 *
 * Rows keep their places: each rendered row's height is measured (a ResizeObserver) and kept by its id,
 * and a row never seen stands as the measured rows' mean, so the gaps for the rows left out are the
 * room those rows take and the page's height holds still. The row holding the focus and the `pinned`
 * ones (the chosen cue, the one playing) stay mounted wherever they are: typing in a row scrolled away
 * keeps its caret, and a row can be focused or scrolled to before the rows around it are rendered.
 *
 * Rows are the list's children carrying `data-cue-id`; the gaps are children without it.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { rowOffsets, rowsMeeting, windowItems, type WindowItem } from './row-window.ts'

const OVERSCAN_PX = 900
/** A first guess at a row's height, until one is measured. */
const FIRST_ESTIMATE_PX = 110

export interface RowWindow {
  /** The list element's ref. */
  listRef: (element: HTMLElement | null) => void
  items: WindowItem[]
}

export function useRowWindow(ids: readonly string[], pinnedIds: ReadonlyArray<string | null | undefined> = []): RowWindow {
  const [list, setList] = useState<HTMLElement | null>(null)
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map())
  const [gap, setGap] = useState(0)
  const [span, setSpan] = useState<{ from: number; to: number }>({ from: 0, to: 2 * OVERSCAN_PX })
  const [focusedId, setFocusedId] = useState<string | null>(null)
  const readSpan = useRef<() => void>(() => {})
  const observer = useRef<ResizeObserver | null>(null)
  const observed = useRef(new Set<Element>())

  const offsets = useMemo(() => {
    let sum = 0
    for (const height of heights.values()) sum += height
    const estimate = heights.size > 0 ? sum / heights.size : FIRST_ESTIMATE_PX
    return rowOffsets(ids.map((id) => heights.get(id) ?? estimate), gap)
  }, [ids, gap, heights])

  // Where the viewport is over the list, in the list's own pixels; read on scroll and resize, once a
  // frame. The span rendered is the viewport widened by the overscan, and it moves only once the
  // viewport comes within a third of the overscan of its edge, so a scroll re-renders the list seldom.
  useLayoutEffect(() => {
    if (!list) return
    let frame = 0
    const read = () => {
      frame = 0
      const top = -list.getBoundingClientRect().top
      const bottom = top + window.innerHeight
      setSpan((current) => (current.from <= top - OVERSCAN_PX / 3 && current.to >= bottom + OVERSCAN_PX / 3 ? current : { from: top - OVERSCAN_PX, to: bottom + OVERSCAN_PX }))
      setGap(parseFloat(getComputedStyle(list).rowGap) || 0)
    }
    readSpan.current = read
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(read)
    }
    read()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      readSpan.current = () => {}
    }
  }, [list])

  // The row holding the focus, kept mounted (focus leaving the list lets it go).
  useEffect(() => {
    if (!list) return
    const onFocusIn = (event: FocusEvent) => setFocusedId((event.target as HTMLElement).closest<HTMLElement>('[data-cue-id]')?.dataset.cueId ?? null)
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node) || !list.contains(event.relatedTarget)) setFocusedId(null)
    }
    list.addEventListener('focusin', onFocusIn)
    list.addEventListener('focusout', onFocusOut)
    return () => {
      list.removeEventListener('focusin', onFocusIn)
      list.removeEventListener('focusout', onFocusOut)
    }
  }, [list])

  // Each rendered row's height, kept by its id; a change re-reads the offsets.
  useEffect(() => {
    if (!list || typeof ResizeObserver === 'undefined') return
    const watching = new ResizeObserver((entries) => {
      setHeights((current) => {
        let next: Map<string, number> | null = null
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.cueId
          if (!id || !entry.target.isConnected) continue
          const height = entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).getBoundingClientRect().height
          if (current.get(id) === height) continue
          next ??= new Map(current)
          next.set(id, height)
        }
        return next ?? current
      })
    })
    observer.current = watching
    observed.current = new Set()
    return () => {
      watching.disconnect()
      observer.current = null
    }
  }, [list])
  useLayoutEffect(() => {
    const watching = observer.current
    if (list && watching) {
      const now = new Set(list.querySelectorAll(':scope > [data-cue-id]'))
      for (const row of observed.current) if (!now.has(row)) watching.unobserve(row)
      for (const row of now) if (!observed.current.has(row)) watching.observe(row)
      observed.current = now
    }
    // What is above the list (the timeline, the warnings' count) may have moved it with no scroll.
    readSpan.current()
  })

  const pinnedKey = [focusedId, ...pinnedIds].join('\n')
  const items = useMemo(() => {
    const index = new Map(ids.map((id, position) => [id, position]))
    const pinned = pinnedKey.split('\n').flatMap((id) => (id && index.has(id) ? [index.get(id) as number] : []))
    return windowItems(offsets, gap, rowsMeeting(offsets, span.from, span.to), pinned)
  }, [ids, offsets, gap, span, pinnedKey])

  const listRef = useCallback((element: HTMLElement | null) => setList(element), [])
  return { listRef, items }
}
