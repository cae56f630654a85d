/** Which shared dialog is open (settings or feedback), so any button in the app can open one. */
import { useSyncExternalStore } from 'react'

export type DialogName = 'settings' | 'feedback' | 'install' | null

let open: DialogName = null
const listeners = new Set<() => void>()

export function openDialog(name: DialogName): void {
  open = name
  for (const listener of listeners) listener()
}

export function closeDialog(): void {
  openDialog(null)
}

export function useOpenDialog(): DialogName {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    () => open,
    () => null,
  )
}
