/** The language being learned, kept under `selectedLanguage` so it survives reloads and offline starts. */
import { useSyncExternalStore } from 'react'
import { readString, STORAGE_KEYS, writeString } from '../../data/storage.ts'

const listeners = new Set<() => void>()
let current = readString(STORAGE_KEYS.selectedLanguage)

export function selectLanguage(code: string | null): void {
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
