/**
 * Which captions a learner watches with: off (the default, as in comprehensible-input practice),
 * Vietnamese or English. Remembered per person on this device, so a second account on a shared
 * device starts from its own choice.
 */
import { CAPTION_LANGUAGES, type CaptionLanguage } from '../../../../contract/schemas/captions.ts'

export type CaptionChoice = CaptionLanguage | 'off'

const keyFor = (userId: number | string | null | undefined) => `captions:${userId ?? 'anonymous'}`

export function readCaptionChoice(userId: number | string | null | undefined): CaptionChoice {
  try {
    const stored = localStorage.getItem(keyFor(userId))
    return (CAPTION_LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as CaptionLanguage) : 'off'
  } catch {
    return 'off'
  }
}

export function writeCaptionChoice(userId: number | string | null | undefined, choice: CaptionChoice): void {
  try {
    if (choice === 'off') localStorage.removeItem(keyFor(userId))
    else localStorage.setItem(keyFor(userId), choice)
  } catch {
    // Storage blocked: the choice holds for this page view only.
  }
}
