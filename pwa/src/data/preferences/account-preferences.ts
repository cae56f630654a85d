/**
 * Account preferences (issue 41 items 10, 23): what follows a person from device to device. A change is
 * applied here at once and sent through the outbox (kind `preferences`), so one made offline reaches the
 * server once; at every app start (not only at sign-in) the account's preferences are read and handed
 * to whoever applies them (features/settings/use-account-preferences.ts), except those this device
 * changed and has not sent yet: its own change is the later one.
 */
import type { MyPreferences, PreferenceName, Preferences } from '../../../../contract/schemas/preferences.ts'
import { call } from '../api-call.ts'
import { db, type PlayerPrefs } from '../db.ts'
import { enqueue } from '../outbox/enqueue.ts'
import type { PreferencePayload } from '../outbox/registry.ts'
import { readString, STORAGE_KEYS } from '../storage.ts'

export type { Preferences, PreferenceName }

/** Queues a change of one preference (nothing without a session: a signed-out device keeps its own). */
export async function sendPreference<K extends PreferenceName>(name: K, value: Preferences[K]): Promise<void> {
  if (!readString(STORAGE_KEYS.token)) return
  try {
    // A later change of the same preference replaces one still waiting: only the last is worth sending.
    await enqueue('preferences', { name, value, occurred_at: new Date().toISOString() }, { replace: (waiting: PreferencePayload) => waiting.name === name })
  } catch (error) {
    console.warn('Could not queue the preference', error)
  }
}

/** The account's preferences, without those this device changed and has not sent yet; null offline. */
export async function fetchAccountPreferences(): Promise<MyPreferences['values'] | null> {
  let answer: MyPreferences
  try {
    answer = (await call('me.preferences')).data
  } catch {
    return null
  }
  const waiting = await db.outbox
    .where('kind')
    .equals('preferences')
    .toArray()
    .catch(() => [])
  const values: MyPreferences['values'] = { ...answer.values }
  for (const item of waiting) delete values[(item.payload as PreferencePayload).name]
  return values
}

/** The player's choices kept with the account (the words' settings stay on the device for now). */
const PLAYER_FIELDS = {
  captions: 'captions',
  size: 'caption_size',
  background: 'caption_background',
  autoPause: 'auto_pause',
  listening: 'listening',
  doubleTapSkip: 'double_tap_skip',
} as const satisfies { [K in keyof PlayerPrefs]?: PreferenceName }
type SyncedPlayerField = keyof typeof PLAYER_FIELDS

/** Sends the player choices that changed from `before` to `after`. */
export function sendPlayerChanges(before: PlayerPrefs, after: PlayerPrefs): void {
  for (const field of Object.keys(PLAYER_FIELDS) as SyncedPlayerField[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) void sendPreference(PLAYER_FIELDS[field], after[field] as never)
  }
}

/** The player choices `values` holds, over `prefs`. */
export function playerPrefsFrom(prefs: PlayerPrefs, values: MyPreferences['values']): PlayerPrefs {
  const next: PlayerPrefs = { ...prefs, captions: { ...prefs.captions } }
  for (const field of Object.keys(PLAYER_FIELDS) as SyncedPlayerField[]) {
    const value = values[PLAYER_FIELDS[field]]
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value
  }
  return next
}
