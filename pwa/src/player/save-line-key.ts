/**
 * What the key S does on a player: the line tools' "Save this line" (player/ui/SaveLineTool.tsx) says
 * it, per player, while it is on screen; the keys (use-player-keys.ts) call it.
 */
import type { PlayerController } from './controller.ts'

const handlers = new WeakMap<PlayerController, () => void>()

export function setSaveLineHandler(controller: PlayerController, handler: (() => void) | null): void {
  if (handler) handlers.set(controller, handler)
  else handlers.delete(controller)
}

export function saveLine(controller: PlayerController): void {
  handlers.get(controller)?.()
}
