import { describe, expect, it } from 'vitest'
import { clockLabel, cuesInView, edgeBounds, followPlayhead, moveEdge, peakColumns, peakHalfHeight, sortCues, timeToX, xToTime } from './timeline-math.ts'

describe('peaks to pixels', () => {
  it('shows the loudest peak of each column when a column covers several peaks', () => {
    // 10 peaks a second, 2 s in view on 4 columns: 5 peaks a column.
    const peaks = [1, 9, 2, 3, 4, /**/ 5, 5, 200, 5, 5, /**/ 0, 0, 0, 0, 0, /**/ 7, 8, 9, 10, 255]
    expect([...peakColumns(peaks, 10, 0, 2, 4)]).toEqual([9, 200, 0, 255])
  })

  it('starts at the window, not at the beginning of the audio', () => {
    const peaks = Array.from({ length: 100 }, (_, index) => index)
    // 10 peaks a second, from 3 s: the first column holds peaks 30–34.
    expect([...peakColumns(peaks, 10, 3, 1, 2)]).toEqual([34, 39])
  })

  it('zoomed in past one peak a column, repeats the peak each column falls in', () => {
    expect([...peakColumns([10, 20], 1, 0, 2, 4)]).toEqual([10, 10, 20, 20])
  })

  it('draws nothing past the end of the audio', () => {
    expect([...peakColumns([50, 60], 1, 0, 4, 4)]).toEqual([50, 60, 0, 0])
  })

  it('maps 255 to the full half-height, silence to nothing and a faint peak to at least a hairline', () => {
    expect(peakHalfHeight(255, 80)).toBe(40)
    expect(peakHalfHeight(0, 80)).toBe(0)
    expect(peakHalfHeight(1, 80)).toBe(0.5)
  })

  it('puts a time and a pixel back where they came from', () => {
    expect(timeToX(45, 30, 30, 600)).toBe(300)
    expect(xToTime(300, 30, 30, 600)).toBe(45)
  })
})

describe('the window in view', () => {
  it('stays put while the playhead plays inside it, and turns a page when it nears the right edge', () => {
    expect(followPlayhead(30, 40, 30, 1800)).toBe(30)
    expect(followPlayhead(30, 58, 30, 1800)).toBe(55)
  })

  it('jumps to a seek far away, and never shows before 0 or past the end', () => {
    expect(followPlayhead(0, 1000, 30, 1800)).toBe(997)
    expect(followPlayhead(500, 1, 30, 1800)).toBe(0)
    expect(followPlayhead(0, 1799, 30, 1800)).toBe(1770)
  })

  it('lists only the cues that show in the window, a long one begun before it included', () => {
    const cues = sortCues([
      { id: 'c', start: 20, end: 22 },
      { id: 'a', start: 0, end: 3 },
      { id: 'long', start: 4, end: 12 },
      { id: 'b', start: 12, end: 15 },
      { id: 'd', start: 40, end: 41 },
    ])
    expect(cuesInView(cues, 10, 30).map((cue) => cue.id)).toEqual(['long', 'b', 'c'])
  })

  it('finds the few cues in view among 600', () => {
    const cues = Array.from({ length: 600 }, (_, index) => ({ id: String(index), start: index * 3, end: index * 3 + 2.5 }))
    expect(cuesInView(cues, 900, 930).map((cue) => cue.id)).toEqual(['300', '301', '302', '303', '304', '305', '306', '307', '308', '309'])
  })
})

describe('dragging an edge', () => {
  const cues = [
    { id: 'a', start: 1, end: 3 },
    { id: 'b', start: 4, end: 6 },
    { id: 'c', start: 6.5, end: 9 },
  ]

  it('moves an edge where it is dropped', () => {
    expect(moveEdge(cues, 1, 'start', 3.5, 60)).toEqual({ start: 3.5, end: 6 })
    expect(moveEdge(cues, 1, 'end', 6.25, 60)).toEqual({ start: 4, end: 6.25 })
  })

  it('stops a start at the previous cue’s end and an end at the next cue’s start', () => {
    expect(moveEdge(cues, 1, 'start', 2, 60)).toEqual({ start: 3, end: 6 })
    expect(moveEdge(cues, 1, 'end', 8, 60)).toEqual({ start: 4, end: 6.5 })
  })

  it('never lets a cue turn inside out: its edges stay a tenth of a second apart', () => {
    expect(moveEdge(cues, 1, 'start', 7, 60)).toEqual({ start: 5.9, end: 6 })
    expect(moveEdge(cues, 1, 'end', 1, 60)).toEqual({ start: 4, end: 4.1 })
  })

  it('keeps the first cue after 0 and the last before the end of the video', () => {
    expect(moveEdge(cues, 0, 'start', -4, 60)).toEqual({ start: 0, end: 3 })
    expect(moveEdge(cues, 2, 'end', 99, 60)).toEqual({ start: 6.5, end: 60 })
  })

  it('leaves an edge that already overlaps its neighbour where it is rather than pushing it', () => {
    const overlapping = [
      { id: 'a', start: 1, end: 5 },
      { id: 'b', start: 4, end: 6 },
    ]
    expect(edgeBounds(overlapping, 1, 'start', 60)).toEqual({ min: 4, max: 5.9 })
    expect(moveEdge(overlapping, 1, 'start', 3, 60)).toEqual({ start: 4, end: 6 })
    expect(moveEdge(overlapping, 0, 'end', 5.5, 60)).toEqual({ start: 1, end: 5 })
  })
})

describe('labels', () => {
  it('writes minutes, seconds and tenths', () => {
    expect(clockLabel(75.25)).toBe('1:15.2')
    expect(clockLabel(5, false)).toBe('0:05')
    expect(clockLabel(1799.99)).toBe('29:59.9')
  })
})
