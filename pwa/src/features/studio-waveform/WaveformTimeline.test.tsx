import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WaveformTimeline, type WaveformTimelineProps } from './WaveformTimeline.tsx'

// happy-dom lays nothing out: the strip is 600 px wide here, so 30 s in view is 0.05 s a pixel.
const STRIP = 600
const widthOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => STRIP })
})
afterAll(() => {
  if (widthOf) Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthOf)
})
afterEach(cleanup)

const thirtyMinutes = Array.from({ length: 600 }, (_, index) => ({ id: `cue-${index}`, start: index * 3, end: index * 3 + 2.5 }))

function renderTimeline(overrides: Partial<WaveformTimelineProps> = {}) {
  const props: WaveformTimelineProps = {
    peaks: Array.from({ length: 90_000 }, (_, index) => index % 256),
    peaksPerSecond: 50,
    durationSeconds: 1800,
    cues: thirtyMinutes,
    currentTime: 0,
    selectedId: null,
    onSelect: vi.fn(),
    onChangeTimes: vi.fn(),
    onSeek: vi.fn(),
    ...overrides,
  }
  return { props, ...render(<WaveformTimeline {...props} />) }
}

const blockOf = (id: string) => document.querySelector<HTMLElement>(`[data-cue-id="${id}"]`)!
const edge = (id: string, which: 'start' | 'end') => blockOf(id).querySelector<HTMLElement>(`[data-testid="cue-edge-${which}"]`)!

describe('the waveform timeline', () => {
  it('shows only the cues of the 30 s in view, and turns the page as the playhead plays on', () => {
    const { props, rerender } = renderTimeline({ currentTime: 905 })
    const ids = () => screen.getAllByTestId('cue-block').map((block) => block.dataset.cueId)
    // The window begins a tenth of the way before the playhead: 902 s to 932 s.
    expect(ids()).toEqual(['cue-300', 'cue-301', 'cue-302', 'cue-303', 'cue-304', 'cue-305', 'cue-306', 'cue-307', 'cue-308', 'cue-309', 'cue-310'])
    rerender(<WaveformTimeline {...props} currentTime={920} />)
    expect(ids()[0]).toBe('cue-300')
    rerender(<WaveformTimeline {...props} currentTime={930} />)
    expect(ids()[0]).toBe('cue-309')
    expect(screen.getByTestId('waveform-playhead').style.left).toBe('10%')
  })

  it('makes each edge a slider that arrow keys move by a tenth of a second, never across its neighbour', () => {
    const { props } = renderTimeline({ currentTime: 1 })
    const end = edge('cue-1', 'end')
    expect(end.getAttribute('role')).toBe('slider')
    expect(end.getAttribute('aria-valuenow')).toBe('5.5')
    expect(end.getAttribute('aria-valuemax')).toBe('6')
    fireEvent.keyDown(end, { key: 'ArrowRight' })
    expect(props.onChangeTimes).toHaveBeenLastCalledWith('cue-1', 3, 5.6)
    fireEvent.keyDown(edge('cue-1', 'start'), { key: 'ArrowLeft' })
    expect(props.onChangeTimes).toHaveBeenLastCalledWith('cue-1', 2.9, 5.5)
    // Home takes the start as far as the previous cue's end (2.5 s), and no further.
    fireEvent.keyDown(edge('cue-1', 'start'), { key: 'Home' })
    expect(props.onChangeTimes).toHaveBeenLastCalledWith('cue-1', 2.5, 5.5)
  })

  it('drags an edge with a pointer: the block follows, and the studio hears the clamped times once, when it is let go', () => {
    const { props } = renderTimeline({ currentTime: 1 })
    const end = edge('cue-1', 'end')
    fireEvent.pointerDown(end, { pointerId: 7, button: 0, clientX: 100 })
    // 10 px to the right is half a second later.
    fireEvent.pointerMove(end, { pointerId: 7, clientX: 110 })
    expect(edge('cue-1', 'end').getAttribute('aria-valuenow')).toBe('6')
    // Past the next cue's start (6 s): held there.
    fireEvent.pointerMove(end, { pointerId: 7, clientX: 200 })
    expect(edge('cue-1', 'end').getAttribute('aria-valuenow')).toBe('6')
    fireEvent.pointerMove(end, { pointerId: 7, clientX: 104 })
    expect(props.onChangeTimes).not.toHaveBeenCalled()
    fireEvent.pointerUp(end, { pointerId: 7, clientX: 104 })
    expect(props.onChangeTimes).toHaveBeenCalledTimes(1)
    expect(props.onChangeTimes).toHaveBeenCalledWith('cue-1', 3, 5.7)
  })

  it('puts an edge back when the pointer is cancelled', () => {
    const { props } = renderTimeline({ currentTime: 1 })
    const start = edge('cue-2', 'start')
    fireEvent.pointerDown(start, { pointerId: 3, button: 0, clientX: 300 })
    fireEvent.pointerMove(start, { pointerId: 3, clientX: 310 })
    expect(start.getAttribute('aria-valuenow')).toBe('6.5')
    fireEvent.pointerCancel(start, { pointerId: 3 })
    expect(edge('cue-2', 'start').getAttribute('aria-valuenow')).toBe('6')
    expect(props.onChangeTimes).not.toHaveBeenCalled()
  })

  it('selects a cue when its block is clicked, and seeks where the waveform is clicked', () => {
    const { props } = renderTimeline({ currentTime: 1, selectedId: 'cue-0' })
    fireEvent.click(blockOf('cue-2').querySelector('button')!)
    expect(props.onSelect).toHaveBeenCalledWith('cue-2')
    expect(props.onSeek).not.toHaveBeenCalled()
    expect(blockOf('cue-0').querySelector('button')!.getAttribute('aria-pressed')).toBe('true')
    const audio = screen.getByTestId('waveform-audio')
    audio.getBoundingClientRect = () => ({ left: 0, top: 0, width: STRIP, height: 72, right: STRIP, bottom: 72, x: 0, y: 0, toJSON: () => ({}) })
    fireEvent.click(audio, { clientX: 300 })
    expect(props.onSeek).toHaveBeenCalledWith(15)
  })

  it('scrolls away from the playhead with its scroll bar, and zooms out to a minute', () => {
    renderTimeline({ currentTime: 1 })
    fireEvent.change(screen.getByRole('slider', { name: 'timeline.scroll' }), { target: { value: '600' } })
    expect(screen.getAllByTestId('cue-block')[0]!.dataset.cueId).toBe('cue-200')
    expect(screen.getByRole('button', { name: 'timeline.follow' }).getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: 'timeline.zoomOut' }))
    // A minute around the middle of what was in view (600–630 s): 585–645 s.
    const shown = screen.getAllByTestId('cue-block').map((block) => block.dataset.cueId)
    expect([shown.length, shown[0], shown.at(-1)]).toEqual([20, 'cue-195', 'cue-214'])
  })
})
