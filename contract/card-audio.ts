/**
 * Where a saved line's audio is asked for (issue 43): the route `cards.audio` with the card's id in its
 * path and the page's grant in the query. GET /me/cards sends the grant once per page (`audio_grant`)
 * rather than a signed URL on each of its 500 cards, and both sides build the URL here. No zod: the
 * PWA's review page and its service worker import it.
 */
import { API_BASE } from './limits.ts'
import { ROUTES } from './routes.ts'

/** The query parameter a grant travels in (the video grants' too). */
export const CARD_AUDIO_GRANT_PARAM = 'grant'

/** `/api/v1/cards/<id>/audio`: the clip's path, what caches key it by. */
export function cardAudioPath(cardId: string): string {
  return API_BASE + ROUTES['cards.audio'].path.replace(':id', encodeURIComponent(cardId))
}

/** The clip's URL under a grant. */
export function cardAudioUrl(cardId: string, grant: string): string {
  return `${cardAudioPath(cardId)}?${CARD_AUDIO_GRANT_PARAM}=${encodeURIComponent(grant)}`
}
