import { describe, expect, it } from 'vitest'
import { uuidv7 } from '../ids.ts'
import { parseWatchEvent, watchEventSchema } from './watching.ts'

const valid = {
  client_id: uuidv7(),
  video_id: 12,
  position_from: 0,
  position_to: 10,
  watched_seconds: 10,
  playback_rate: 1,
  occurred_at: '2026-11-22T01:02:03.456Z',
}

const variants: unknown[] = [
  valid,
  { ...valid, video_id: '12' },
  { ...valid, occurred_at: '2026-11-22T08:02:03+07:00' },
  { ...valid, occurred_at: '2026-11-22T01:02Z' },
  { ...valid, playback_rate: 0.25 },
  { ...valid, playback_rate: 4 },
  { ...valid, position_from: 86_400, position_to: 86_400 },
  { ...valid, watched_seconds: -5 },
  { ...valid, client_id: 'nope' },
  { ...valid, client_id: uuidv7().toUpperCase() },
  { ...valid, video_id: 0 },
  { ...valid, video_id: 1.5 },
  { ...valid, video_id: '12a' },
  { ...valid, video_id: null },
  { ...valid, position_from: -1 },
  { ...valid, position_to: 86_401 },
  { ...valid, position_from: 20, position_to: 10 },
  { ...valid, position_from: '0' },
  { ...valid, watched_seconds: '10' },
  { ...valid, watched_seconds: Number.NaN },
  { ...valid, playback_rate: 0.2 },
  { ...valid, playback_rate: 4.5 },
  { ...valid, occurred_at: '2026-11-22' },
  { ...valid, occurred_at: 'yesterday' },
  { ...valid, occurred_at: 1_700_000_000_000 },
  { ...valid, client_id: valid.client_id.toUpperCase() },
  { ...valid, client_id: '00000000-0000-0000-0000-000000000000' },
  { ...valid, client_id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
  { ...valid, client_id: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF' },
  { ...valid, client_id: '0190a6e2-7b1c-9abc-8def-0123456789ab' },
  { ...valid, client_id: '0190a6e2-7b1c-7abc-cdef-0123456789ab' },
  { ...valid, client_id: '0190a6e2-7b1c-7abc-8def-0123456789a' },
  { ...valid, client_id: '0190a6e2x7b1c-7abc-8def-0123456789ab' },
  { ...valid, client_id: '0190a6e2-7b1c-7abc-8def-0123456789ag' },
  { ...valid, client_id: 42 },
  { ...valid, occurred_at: '2026-13-45T99:99:99Z' },
  { client_id: valid.client_id },
  null,
  'event',
  [valid],
  {},
]

describe('parseWatchEvent', () => {
  it('agrees with the zod schema on every case', () => {
    for (const input of variants) {
      const fast = parseWatchEvent(structuredClone(input))
      const zod = watchEventSchema.safeParse(input)
      expect(fast.ok, JSON.stringify(input)).toBe(zod.success)
      if (fast.ok && zod.success) {
        expect(fast.event).toEqual(zod.data)
        expect(fast.occurredAtMs).toBe(Date.parse(zod.data.occurred_at))
      }
    }
  })

  it('names what is wrong', () => {
    const result = parseWatchEvent({ ...valid, client_id: 'x', playback_rate: 9 })
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/client_id.*playback_rate/) })
  })
})
