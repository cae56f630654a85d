/**
 * The audio grant of a language's cards, kept in one record rather than on each card: GET /me/cards
 * sends a fresh grant with every page, and folding it into 10,000 stored cards made every pull rewrite
 * them all (issue 43). The review page builds a clip's URL from the card's id and this grant as it reads
 * the card; with no grant kept, the bare path still finds a clip the worker cached (keyed without it).
 */
import { cardAudioPath, cardAudioUrl } from '../../../../contract/card-audio.ts'
import type { LocalCard, PlayableCard } from './card-types.ts'
import { languageRecord } from './language-record.ts'

const grants = languageRecord('cardAudioGrant')

export const keepCardAudioGrant = (language: string, value: string): Promise<void> => grants.keep(language, value)

export const cardAudioGrant = (language: string): Promise<string | null> => grants.read(language)

/** The cards with their clips' URLs under the grant (null where the clip is not cut yet). */
export function withAudioUrls(cards: LocalCard[], grant: string | null): PlayableCard[] {
  return cards.map((card) => ({ ...card, audio_url: card.audio_ready ? (grant ? cardAudioUrl(card.id, grant) : cardAudioPath(card.id)) : null }))
}
