import { describe, expect, it } from 'vitest'
import type { StudioCue } from '../../data/studio/index.ts'
import { HISTORY_STEPS, emptyHistory, recordChange, undoStep } from './edit-history.ts'

const cues = (text: string): StudioCue[] => [{ id: 'a', start: 0, end: 1, text, english: '' }]

describe("the studio's undo", () => {
  it('goes back one discrete change at a time, newest first, then has nothing left', () => {
    let history = recordChange(emptyHistory, cues('one'), 'discrete', false)
    history = recordChange(history, cues('two'), 'discrete', false)
    const first = undoStep(history)!
    expect(first.cues).toEqual(cues('two'))
    const second = undoStep(first.history)!
    expect(second.cues).toEqual(cues('one'))
    expect(undoStep(second.history)).toBeNull()
  })

  it('takes a burst of typing back in one step, to before its first keystroke', () => {
    let history = recordChange(emptyHistory, cues('Xin'), 'typing', false)
    history = recordChange(history, cues('Xin '), 'typing', true)
    history = recordChange(history, cues('Xin c'), 'typing', true)
    expect(history.past).toHaveLength(1)
    expect(undoStep(history)!.cues).toEqual(cues('Xin'))
  })

  it('makes typing after a pause, or after a discrete change, a step of its own', () => {
    let history = recordChange(emptyHistory, cues('a'), 'typing', false)
    history = recordChange(history, cues('ab'), 'typing', false)
    history = recordChange(history, cues('abc'), 'discrete', false)
    history = recordChange(history, cues('abd'), 'typing', true)
    expect(history.past.map((step) => step[0].text)).toEqual(['a', 'ab', 'abc', 'abd'])
  })

  it('keeps the last HISTORY_STEPS changes', () => {
    let history = emptyHistory
    for (let i = 0; i < HISTORY_STEPS + 5; i++) history = recordChange(history, cues(String(i)), 'discrete', false)
    expect(history.past).toHaveLength(HISTORY_STEPS)
    expect(history.past[0][0].text).toBe('5')
  })
})
