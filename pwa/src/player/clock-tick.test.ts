// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { clockTick } from './clock-tick.ts'
import { initialPlayerState, type PlayerState } from './player-state.ts'

const lines = [
  { start: 1, end: 3, text: 'Xin chào' },
  { start: 4, end: 6, text: 'Cảm ơn' },
]
const state = (change: Partial<PlayerState> = {}): PlayerState => {
  const base = initialPlayerState()
  return { ...base, toolLanguage: 'vi', tracks: { vi: { lines, failed: false } }, ...change, prefs: { ...base.prefs, ...change.prefs } }
}

describe('a tick of the player clock', () => {
  it('starts a looped line again just before its end, and does nothing else then', () => {
    expect(clockTick(state({ loopLine: 0 }), 2.9, 2.96, true)).toEqual({ loopTo: 1, endSlow: false, autoPause: false, showTime: false })
    expect(clockTick(state({ loopLine: 0 }), 2.5, 2.6, true).loopTo).toBeUndefined()
  })

  it('pauses at a line end crossed in continuous play, not over a jump, not while looping', () => {
    const autoPause = state({ prefs: { ...initialPlayerState().prefs, autoPause: true } })
    expect(clockTick(autoPause, 2.9, 3.1, true)).toMatchObject({ autoPause: true, showTime: false })
    expect(clockTick(autoPause, null, 3.1, true).autoPause).toBe(false) // right after a seek
    expect(clockTick(autoPause, 2.9, 3.1, false).autoPause).toBe(false) // paused already
    expect(clockTick({ ...autoPause, loopLine: 1 }, 2.9, 3.1, true).autoPause).toBe(false)
  })

  it('ends a slow replay with its line (or once the learner left it) and still pauses when due', () => {
    expect(clockTick(state({ slowLine: 0 }), 2.9, 2.96, true)).toMatchObject({ endSlow: true, autoPause: false })
    expect(clockTick(state({ slowLine: 1 }), 1.5, 1.6, true).endSlow).toBe(true) // far before it: a seek away
    expect(clockTick(state({ slowLine: 0 }), 2, 2.1, true).endSlow).toBe(false)
    const both = state({ slowLine: 0, prefs: { ...initialPlayerState().prefs, autoPause: true } })
    expect(clockTick(both, 2.9, 3.1, true)).toMatchObject({ endSlow: true, autoPause: true })
  })

  it('moves the shown time four times a second, or at once when the line shown changes', () => {
    expect(clockTick(state({ time: 1.5 }), 1.5, 1.6, true).showTime).toBe(false)
    expect(clockTick(state({ time: 1.5 }), 1.5, 1.75, true).showTime).toBe(true)
    expect(clockTick(state({ time: 0.9 }), 0.9, 1.0, true).showTime).toBe(true) // the first line begins
  })
})
