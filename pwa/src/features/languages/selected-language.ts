/** The language being learned, kept under `selectedLanguage` so it survives reloads and offline starts, and in the account's preferences. */
import { useSyncExternalStore } from 'react'
import { readString, STORAGE_KEYS, writeString } from '../../data/storage.ts'

const listeners = new Set<() => void>()
let current = readString(STORAGE_KEYS.selectedLanguage)

/** The learner's choice, which also goes to the account (`sync: false`: it came from the account). */
export function selectLanguage(code: string | null, { sync = true } = {}): void {
  // Loaded when needed: this module is on first paint, the outbox (Dexie) is not.
  if (sync && code && code !== current) void import('../../data/preferences/account-preferences.ts').then(({ sendPreference }) => sendPreference('learning_language', code))
  current = code
  writeString(STORAGE_KEYS.selectedLanguage, code)
  for (const listener of listeners) listener()
}

export function getSelectedLanguage(): string | null {
  return current
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The stored code, but only once it matches a loaded language (spec section 4). */
export function useSelectedLanguage(available: readonly { code: string }[] | undefined): string | null {
  const code = useSyncExternalStore(subscribe, getSelectedLanguage, () => null)
  if (!code || !available) return null
  return available.some((language) => language.code === code) ? code : null
}
