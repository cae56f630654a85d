import { afterEach, describe, expect, it, vi } from 'vitest'
import { readString, STORAGE_KEYS, writeString } from './storage.ts'
import { deviceTimeZone, onTimeZoneChange, resetTimeZoneRead } from './time-zone.ts'

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone
const offsetNow = () => String(new Date().getTimezoneOffset())

afterEach(() => {
  vi.useRealTimers()
  resetTimeZoneRead()
  localStorage.clear()
})

describe("the device's time zone sent with every call", () => {
  it('is read from the device at a first start, and kept with its offset for the next', () => {
    expect(deviceTimeZone()).toBe(deviceZone)
    expect(readString(STORAGE_KEYS.timeZone)).toBe(deviceZone)
    expect(readString(STORAGE_KEYS.timeZoneOffset)).toBe(offsetNow())
  })

  it('is the one kept from last time while the offset is the same, and the device’s once read again a minute later', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // Kept last time with this very offset, though the device now names another zone with it.
    writeString(STORAGE_KEYS.timeZone, 'Etc/Kept')
    writeString(STORAGE_KEYS.timeZoneOffset, offsetNow())
    const changed = vi.fn()
    const stop = onTimeZoneChange(changed)
    expect(deviceTimeZone()).toBe('Etc/Kept')
    vi.advanceTimersByTime(30_000)
    expect(deviceTimeZone()).toBe('Etc/Kept')
    expect(changed).not.toHaveBeenCalled()
    vi.advanceTimersByTime(30_000)
    expect(deviceTimeZone()).toBe(deviceZone)
    expect(changed).toHaveBeenCalledTimes(1)
    expect(readString(STORAGE_KEYS.timeZone)).toBe(deviceZone)
    stop()
  })

  it('is read at once when the offset moved since (the learner flew across)', () => {
    writeString(STORAGE_KEYS.timeZone, 'Pacific/Kiritimati')
    writeString(STORAGE_KEYS.timeZoneOffset, String(Number(offsetNow()) + 600))
    expect(deviceTimeZone()).toBe(deviceZone)
    expect(readString(STORAGE_KEYS.timeZone)).toBe(deviceZone)
  })
})
