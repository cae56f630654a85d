/**
 * The device's time zone, sent with every call (the server's "today" depends on it). Reading it builds
 * an Intl formatter, and the first one a page builds loads the time zone data: a tenth of a second on
 * a phone, before a start's first call could leave. So the zone read last time is kept in storage (as
 * signed-in-preload.js sends it with its early calls) with the UTC offset it had then; a start whose
 * offset is still the same (cheap to read) sends the kept zone, and the zone is read again with the
 * calls a minute later. A phone that crossed into another offset reads it at once.
 */
import { readString, STORAGE_KEYS, writeString } from './storage.ts'

const ZONE_REREAD_MS = 60_000

let zoneRead: { zone: string | undefined; at: number } | null = null
const listeners = new Set<() => void>()

const currentOffset = () => String(new Date().getTimezoneOffset())

function readDeviceZone(): string | undefined {
  let zone: string | undefined
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    zone = undefined
  }
  const before = zoneRead?.zone
  zoneRead = { zone, at: Date.now() }
  if (zone) {
    // Kept for the next start; an early answer asked for with another zone is not taken.
    if (readString(STORAGE_KEYS.timeZone) !== zone) writeString(STORAGE_KEYS.timeZone, zone)
    writeString(STORAGE_KEYS.timeZoneOffset, currentOffset())
  }
  if (before !== undefined && zone !== before) for (const listener of listeners) listener()
  return zone
}

export function deviceTimeZone(): string | undefined {
  if (zoneRead && Date.now() - zoneRead.at < ZONE_REREAD_MS) return zoneRead.zone
  if (!zoneRead) {
    const kept = readString(STORAGE_KEYS.timeZone)
    if (kept && readString(STORAGE_KEYS.timeZoneOffset) === currentOffset()) {
      zoneRead = { zone: kept, at: Date.now() }
      return kept
    }
  }
  return readDeviceZone()
}

/** Called when a later read finds another zone than the one calls were sent with (figures for "today" may have moved). */
export function onTimeZoneChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Forgets what was read (tests). */
export function resetTimeZoneRead(): void {
  zoneRead = null
}
