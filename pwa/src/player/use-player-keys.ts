/**
 * The player's keys, on the whole video page (no focus to find first), except while typing in a field,
 * inside a dialog, or on the scrubber's own arrows: Space/K play/pause, ←/→ 5 s, A/D previous/next line,
 * R replay, P auto-pause, C captions, V reveal a line in listening mode, F fullscreen, S save the line.
 * Space plays or pauses even with a button focused, as on YouTube: after an auto-pause the picture says
 * "press Space to go on", and the learner's last click (Slow, Auto-pause) left that button focused, so
 * Space pressed that button instead. The button's own Space activation is cancelled (keydown and keyup);
 * Enter still presses it.
 */
import { useEffect } from 'react'
import { SKIP_SECONDS, type PlayerController } from './controller.ts'
import { saveLine } from './save-line-key.ts'

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
        s: () => saveLine(controller),
      }
      const action = actions[key]
      if (!action) return
      event.preventDefault()
      controller.showControls()
      action()
    }
    // A focused button clicks on Space's keyup in some engines whatever its keydown said.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || typingIn(event.target)) return
      if (event.target instanceof HTMLElement && !event.target.closest('dialog') && event.target.closest('button, summary')) event.preventDefault()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('keyup', onKeyUp)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('keyup', onKeyUp)
    }
  }, [controller])
}
