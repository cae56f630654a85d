import { describe, expect, it } from 'vitest'
import { uuidv7 } from '../ids.ts'
import { parseIsoDateTime, parseWatchEvent, watchEventSchema } from './watching.ts'

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
  { ...valid, occurred_at: '2026-02-30T00:00:00.000Z' },
  { ...valid, occurred_at: '2026-04-31T10:00:00+07:00' },
  { ...valid, occurred_at: '2028-02-29T23:59:59.999Z' },
  { ...valid, occurred_at: '2026-01-01T24:00:00.000Z' },
  { ...valid, occurred_at: '2026-01-01T23:59:60.000Z' },
  { ...valid, occurred_at: '2026-11-22T01:02:03.456z' },
  { ...valid, occurred_at: '2026-11-22T01:02:03.4Z' },
  { ...valid, occurred_at: '2026-11-22T01:02:03.456789Z' },
  { ...valid, occurred_at: '2026-11-22T01:02:03.45xZ' },
  { ...valid, occurred_at: '2026-11-22 01:02:03.456Z' },
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

describe('parseIsoDateTime', () => {
  it('reads the toISOString form to the same instant as Date.parse, over every year the form can hold', () => {
    let seed = 7
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % below
    }
    const instants = [0, -1, Date.UTC(2000, 1, 29), Date.UTC(2100, 1, 28, 23, 59, 59, 999), Date.UTC(1900, 0, 1), -62_167_219_200_000, 253_402_300_799_999]
    for (let i = 0; i < 5000; i++) instants.push(-62_167_219_200_000 + random(2_147_483_647) * 147_000 + random(1000))
    for (const instant of instants) {
      const text = new Date(instant).toISOString()
      if (text.length !== 24) continue // years past 9999 are written with six digits: not this form
      expect(parseIsoDateTime(text), text).toBe(Date.parse(text))
    }
  })

  it('refuses days a month does not have, hour 24 and leap seconds, in every form', () => {
    for (const text of ['2026-02-29T00:00:00.000Z', '2026-06-31T00:00:00Z', '2026-01-01T24:00:00.000Z', '2026-01-01T00:00:60Z', '2026-02-30T00:00:00+07:00', '2026-00-10T00:00:00.000Z']) {
      expect(parseIsoDateTime(text), text).toBeNaN()
    }
    expect(parseIsoDateTime('2028-02-29T00:00:00.000Z')).toBe(Date.UTC(2028, 1, 29))
    expect(parseIsoDateTime('2026-11-22T08:02:03+07:00')).toBe(Date.UTC(2026, 10, 22, 1, 2, 3))
  })
})
