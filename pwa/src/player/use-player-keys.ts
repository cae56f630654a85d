/**
 * The player's keys, on the whole page (no focus to find first), except while typing in a field or
 * where the focused control has its own use for the key (Space on a button, arrows on the scrubber):
 * Space play/pause, ←/→ 5 s, A/D previous/next line, R replay, P auto-pause, C captions, V reveal a line
 * in listening mode, F fullscreen.
 */
import { useEffect } from 'react'
import { SKIP_SECONDS, type PlayerController } from './controller.ts'

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

export function usePlayerKeys(controller: PlayerController): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target
      const key = event.key.toLowerCase()
      // The scrubber moves with its own arrows; its other keys are the player's.
      if (target instanceof HTMLInputElement && target.type === 'range') {
        if (key.startsWith('arrow') || key === 'home' || key === 'end' || key.startsWith('page')) return
      } else if (typingIn(target)) return
      // A dialog (the settings sheet, or any other) keeps its keys.
      if (target instanceof HTMLElement && target.closest('dialog')) return
      const onButton = target instanceof HTMLElement && target.closest('button, a, summary') !== null
      const actions: Record<string, () => void> = {
        ' ': () => controller.togglePlay(),
        k: () => controller.togglePlay(),
        arrowleft: () => controller.skip(-SKIP_SECONDS),
        arrowright: () => controller.skip(SKIP_SECONDS),
        a: () => controller.previousLine(),
        d: () => controller.nextLine(),
        r: () => controller.replayLine(),
        p: () => controller.toggleAutoPause(),
        c: () => controller.toggleCaptions(),
        v: () => controller.reveal(),
        f: () => void controller.toggleFullscreen(),
      }
      const action = actions[key]
      if (!action || (onButton && key === ' ')) return
      event.preventDefault()
      controller.showControls()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [controller])
}
