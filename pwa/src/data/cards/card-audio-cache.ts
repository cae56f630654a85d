/**
 * Where saved lines' clips are kept (Cache Storage, a cache of their own), named here so that the
 * service worker (service-worker/sw.ts fills it) and the page (data/cards/card-audio.ts reads it) use
 * the same cache by the same key. Imports only the contract's route table: the worker loads it.
 */
import { API_BASE } from '../../../../contract/limits.ts'
import { ROUTES } from '../../../../contract/routes.ts'

export const CARD_AUDIO_CACHE = 'card-audio-v1'
/** Clips kept at most: 2,000 lines at ~6 KB a second, a few seconds each, some 50 MB. */
export const CARD_AUDIO_MAX_ENTRIES = 2000

/** A clip is the route `cards.audio` (a card's id in its path), its grant in the query. */
const CLIP_PATH = new RegExp(`^${(API_BASE + ROUTES['cards.audio'].path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':id', '[^/]+')}$`)

export function isCardAudio(url: URL, origin: string): boolean {
  return url.origin === origin && CLIP_PATH.test(url.pathname)
}

/** The key a clip is kept under: its URL without query or fragment (a grant expires; the clip does not). */
export function cardAudioKey(url: string, base: string = self.location.origin): string {
  const key = new URL(url, base)
  key.search = ''
  key.hash = ''
  return key.href
}
