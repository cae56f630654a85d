import { describe, expect, it } from 'vitest'
import { foldPulled, laterState } from './word-state-fold.ts'

const at = (iso: string) => Date.parse(iso)

describe('the word-state fold', () => {
  it('the later change wins whichever arrives first; a tie goes to the incoming one', () => {
    const older = { language: 'vi', key: 'tôi', state: 'learning' as const, occurredAt: at('2026-12-01T00:00:00Z') }
    const newer = { ...older, state: 'known' as const, occurredAt: at('2026-12-02T00:00:00Z') }
    expect(laterState(older, newer)).toBe(newer)
    expect(laterState(newer, older)).toBe(newer)
    expect(laterState(undefined, older)).toBe(older)
    const tie = { ...older, state: 'ignored' as const }
    expect(laterState(older, tie)).toBe(tie)
  })

  it('writes only what changes, and removes keys the server has as new unless they wait in the outbox', () => {
    const same = { language: 'vi', key: 'một', state: 'known' as const, occurredAt: at('2026-12-01T00:00:00.000Z') }
    const gone = { language: 'vi', key: 'hai', state: 'known' as const, occurredAt: 1 }
    const waiting = { language: 'vi', key: 'ba', state: 'learning' as const, occurredAt: 1 }
    const { put, remove } = foldPulled(
      'vi',
      [same, gone, waiting],
      [
        { key: 'một', state: 'known', updated_at: '2026-12-01T00:00:00.000Z' },
        { key: 'bốn', state: 'ignored', updated_at: '2026-12-01T00:00:00.000Z' },
      ],
      new Set(['ba']),
    )
    expect(put).toEqual([{ language: 'vi', key: 'bốn', state: 'ignored', occurredAt: at('2026-12-01T00:00:00.000Z') }])
    expect(remove).toEqual(['hai'])
  })
})
