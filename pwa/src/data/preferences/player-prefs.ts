/**
 * A learner's player choices, kept on the device per person (a shared phone keeps each account's
 * own): which caption tracks show, their size and background, auto-pause after each line, the
 * listening mode and the double-tap skip. In IndexedDB with the rest of the person's data, so they
 * hold offline; captions are off by default (comprehensible-input practice), as Dreaming Spanish does.
 * They also follow the account (account-preferences.ts), so a second device starts with them.
 * A Vietnamese or English choice kept by an older build (localStorage `captions:<user>`) is read once.
 */
import { db, type PlayerPrefs } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'
import { sendPlayerChanges } from './account-preferences.ts'

export type { PlayerPrefs }
export type CaptionSize = PlayerPrefs['size']
export type CaptionBackground = PlayerPrefs['background']

export const DEFAULT_PLAYER_PREFS: PlayerPrefs = {
  captions: { vi: false, en: false },
  size: 'm',
  background: 'shadow',
  autoPause: false,
  listening: false,
  doubleTapSkip: true,
  wordColours: false,
  pauseForWords: true,
}

type Learner = number | string | null | undefined
const keyFor = (learner: Learner) => `playerPrefs:${learner ?? 'anonymous'}` as const

function legacyCaptions(learner: Learner): PlayerPrefs['captions'] | null {
  try {
    const stored = localStorage.getItem(`captions:${learner ?? 'anonymous'}`)
    return stored === 'vi' || stored === 'en' ? { vi: stored === 'vi', en: stored === 'en' } : null
  } catch {
    return null
  }
}

/** Whatever was kept, over the defaults (a field an older build did not keep takes its default). */
export async function readPlayerPrefs(learner: Learner): Promise<PlayerPrefs> {
  let kept: Partial<PlayerPrefs> | undefined
  try {
    kept = (await db.records.get(keyFor(learner)))?.value as Partial<PlayerPrefs> | undefined
  } catch {
    kept = undefined // IndexedDB blocked (private mode): the defaults, for this page view
  }
  const captions = kept?.captions ?? legacyCaptions(learner) ?? DEFAULT_PLAYER_PREFS.captions
  return { ...DEFAULT_PLAYER_PREFS, ...kept, captions: { ...DEFAULT_PLAYER_PREFS.captions, ...captions } }
}

/** Keeps the choices; a person's changes also go to the account (`sync: false`: they came from it). */
export async function writePlayerPrefs(learner: Learner, prefs: PlayerPrefs, { sync = true } = {}): Promise<void> {
  try {
    if (sync && learner !== null && learner !== undefined) sendPlayerChanges(await readPlayerPrefs(learner), prefs)
    await db.records.put({ key: keyFor(learner), value: prefs })
  } catch (error) {
    console.warn('Could not keep the player choices', error)
  }
}

/**
 * Whether this learner reads Cantonese with its Jyutping (the player's setting, issue 46), followed
 * live, for the screens beyond the player (review cards): false until known, so a learner who turned
 * it off never sees readings flash up.
 */
export function useJyutpingShown(learner: Learner): boolean {
  return useLiveData(async () => (await readPlayerPrefs(learner)).jyutping !== false, [learner], false)
}
