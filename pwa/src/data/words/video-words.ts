/**
 * Each video's word counts (GET /videos/ID/words) kept in db.videoWords: fetched for the videos a list
 * shows and for each download, so a video's share of known words is computed on the device, offline too.
 * A video's counts are fetched again when its summary's word total no longer matches them (a new track,
 * a new lexicon, a preview that became a full video).
 */
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'

/** Fetches and keeps one video's counts (a refusal, a locked video, keeps nothing). */
export async function fetchVideoWords(videoId: number): Promise<void> {
  const answer = await call('videos.words', undefined, { params: { id: videoId } })
  await db.videoWords.put({ videoId, counts: answer.data.counts, savedAt: Date.now() })
}

const FETCHES_AT_ONCE = 3

/** The counts of the listed videos the device lacks or holds stale, a few at a time; never rejects. */
export async function keepVideoWords(videos: ReadonlyArray<Pick<VideoSummary, 'id' | 'words'>>): Promise<void> {
  await keepStaleCounts(videos).catch((error: unknown) => console.warn('Could not keep the videos\' words on this device', error))
}

async function keepStaleCounts(videos: ReadonlyArray<Pick<VideoSummary, 'id' | 'words'>>): Promise<void> {
  // A summary kept from an older server, or cached before words were counted, has no `words`.
  const wordsOf = (video: Pick<VideoSummary, 'words'>) => video.words as VideoSummary['words'] | undefined
  const readable = videos.filter((video) => {
    const words = wordsOf(video)
    return words !== undefined && words.known_share !== null && words.total > 0
  })
  if (readable.length === 0) return
  const kept = await db.videoWords.bulkGet(readable.map((video) => video.id))
  const wanted = readable.filter((video, index) => {
    const record = kept[index]
    return !record || record.counts.reduce((sum, [, count]) => sum + count, 0) !== video.words.total
  })
  const queue = [...wanted]
  const worker = async () => {
    for (let video = queue.shift(); video; video = queue.shift()) await fetchVideoWords(video.id).catch(() => undefined)
  }
  await Promise.all(Array.from({ length: Math.min(FETCHES_AT_ONCE, queue.length) }, worker))
}

/** A video's word counts `[key, count]` as kept on the device, or undefined when it holds none (its share: knownShare). */
export function useVideoWordCounts(videoId: number | undefined): ReadonlyArray<[string, number]> | undefined {
  return useLiveData(async () => (videoId === undefined ? undefined : (await db.videoWords.get(videoId))?.counts), [videoId])
}
