/**
 * Browser-storage keys the spec names (section 3), plus our own small flags. Every read tolerates a
 * missing or broken value (private mode, a value from an older build) instead of crashing the app.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  selectedLanguage: 'selectedLanguage',
  uiLanguage: 'i18nextLng',
  sessionStart: 'sessionStart',
  compatWarningDismissed: 'compatWarningDismissed',
  installDismissed: 'installDismissed',
  /** The languages whose first word placement the learner skipped on this device (data/placement/). */
  placementSkipped: 'placementSkipped',
  /** The time zone the app last read, for public/signed-in-preload.js: reading it from Intl there cost a phone ~0.1 s before its first calls went out. */
  timeZone: 'timeZone',
  /** The UTC offset (minutes, as Date.getTimezoneOffset) when that zone was read: the same offset now, the zone is taken as still right. */
  timeZoneOffset: 'timeZoneOffset',
} as const

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

export function readString(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Storage full or blocked: the app still works for this page view.
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key)
  if (raw === null) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value))
}
