/**
 * What the videos, video and progress pages read of words beyond one video (issue 42 items 3–6): the
 * shares of a whole list at once (one read of the kept counts, not one per card), the learner's
 * states with when each was set (the progress page's months), and a video's counts fetched when the
 * device lacks them (a video opened without its list). All from the device, so offline too.
 */
import { useEffect, useMemo } from 'react'
import { knownShare, type KnownShare } from '../../../../contract/known-share.ts'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { db, type WordStateRecord } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'
import { keepVideoWords } from './video-words.ts'
import { useWordStates } from './word-states.ts'

/** The device's share of each listed video whose counts it holds, by video id (the others: absent). */
export function useKnownShares(language: string, videoIds: readonly number[]): ReadonlyMap<number, KnownShare> {
  const states = useWordStates(language)
  const idsKey = videoIds.join(',')
  const records = useLiveData(() => db.videoWords.bulkGet(idsKey ? idsKey.split(',').map(Number) : []), [idsKey])
  return useMemo(() => {
    const shares = new Map<number, KnownShare>()
    for (const record of records ?? []) if (record) shares.set(record.videoId, knownShare(record.counts, states))
    return shares
  }, [records, states])
}

const noneKeptAhead = new Map<string, boolean>()

/**
 * Whether the device holds none of a language's word states, read before the videos page's first render
 * (app/first-paint.ts): the placement offer, a slot of the grid after the first card, then shows in that
 * render instead of arriving after it and pushing the other cards down (issue 48: a layout shift of 0.10
 * in Lighthouse's run for a new learner).
 */
export async function readNoWordStatesAhead(language: string): Promise<void> {
  noneKeptAhead.set(language, (await db.wordStates.where('language').equals(language).count()) === 0)
}

/** Whether the device holds no word state of the language; undefined while it answers (the answer read ahead, if any, until then). */
export function useNoWordStates(language: string): boolean | undefined {
  return useLiveData(async () => (await db.wordStates.where('language').equals(language).count()) === 0, [language], noneKeptAhead.get(language))
}

/** A language's word states as kept, with when each was set; undefined while the device answers. */
export function useWordStateRecords(language: string): readonly WordStateRecord[] | undefined {
  return useLiveData(() => db.wordStates.where('language').equals(language).toArray(), [language])
}

/** Fetches the video's counts when the device lacks them or holds stale ones (never rejects). */
export function useVideoWordsKept(video: Pick<VideoSummary, 'id' | 'words'> | null, online: boolean): void {
  const id = video?.id
  const total = video?.words.total
  const share = video?.words.known_share
  useEffect(() => {
    if (online && id !== undefined && total !== undefined && share !== undefined) void keepVideoWords([{ id, words: { total, known_share: share, distinct: 0, new_distinct: 0 } }])
  }, [id, total, share, online])
}
