/**
 * The readings drawn over a review card's line (Cantonese: Jyutping over the characters), as the video's
 * transcript reads it, and only while the learner keeps Jyutping on in the player: the review follows
 * the player's setting, live.
 */
import { useJyutpingShown } from '../../data/preferences/player-prefs.ts'
import { useSessionValue } from '../../data/session/session.ts'
import { useReadings, type Reading } from '../../data/words/index.ts'

export function useReviewReadings(videoId: number | undefined, language: string): ReadonlyMap<string, readonly Reading[]> | undefined {
  const readings = useReadings(videoId, language)
  const shown = useJyutpingShown(useSessionValue((state) => state.user?.id))
  return shown ? readings : undefined
}
