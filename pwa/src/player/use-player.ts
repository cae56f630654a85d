/**
 * The player's state for the views: each reads the part it shows through a selector, so a component
 * renders again only when that part changes (the clock moves four times a second, a line rarely).
 */
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { PlayerController, PlayerState } from './controller.ts'

export const PlayerContext = createContext<PlayerController | null>(null)

export function usePlayerController(): PlayerController {
  const controller = useContext(PlayerContext)
  if (!controller) throw new Error('usePlayerController outside a PlayerContext')
  return controller
}

/** One value of the state: a primitive, or a value the state holds as it is (never one built here). */
export function usePlayer<T>(select: (state: PlayerState) => T): T {
  return useControllerState(usePlayerController(), select)
}

/** The same, for the component that holds the controller (outside its own provider). */
export function useControllerState<T>(controller: PlayerController, select: (state: PlayerState) => T): T {
  return useSyncExternalStore(controller.store.subscribe, () => select(controller.store.get()))
}
