/**
 * The share each card shows, computed on the device from the video's kept counts and the learner's
 * states (so it moves the moment she marks a word, and works offline), and the server's
 * VideoSummary.words while the device has no counts yet. Nothing for a video without a transcript
 * she may read (known_share null).
 */
import { useMemo } from 'react'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { useKnownShares, type KnownShare } from '../../data/words/index.ts'
import { knownPercent } from './share-percent.ts'

export interface ShareView {
  percent: number
  newCount: number
}

export function shareView(words: Pick<KnownShare, 'known_share' | 'new_distinct'> | undefined): ShareView | null {
  if (!words || words.known_share === null) return null
  return { percent: knownPercent(words.known_share), newCount: words.new_distinct }
}

/** The share of a video: the device's when it holds the counts, else the server's. */
export function shareOf(video: Pick<VideoSummary, 'id' | 'words'>, device: ReadonlyMap<number, KnownShare>): KnownShare | undefined {
  // A locked transcript (null from the server) stays locked whatever the device may hold.
  if (!video.words || video.words.known_share === null) return undefined
  return device.get(video.id) ?? video.words
}

/** Every listed video's known share by id (for "best for you now"), and the device's shares themselves. */
export function useListShares(code: string, videos: readonly Pick<VideoSummary, 'id' | 'words'>[] | undefined) {
  const ids = useMemo(() => (videos ?? []).filter((video) => video.words?.known_share != null).map((video) => video.id), [videos])
  const device = useKnownShares(code, ids)
  const shares = useMemo(() => new Map((videos ?? []).map((video) => [video.id, shareOf(video, device)?.known_share ?? null])), [videos, device])
  return { device, shares }
}
