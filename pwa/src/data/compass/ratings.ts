/**
 * "How much did you understand?" on the device. A rating goes into the outbox (kind `rating`, sent to
 * POST /ratings in batches by the sync engine) in the same transaction that drops any earlier rating
 * of the same video still waiting there, so a change of mind sends only the latest, and shows at once
 * in the cached list and video page. The rating shown is the one waiting in the outbox, else the
 * server's (`my_rating`): a refused rating (`not_watched`) falls back to what the server holds.
 *
 * The question is asked once per video: it becomes due when half of the video has been watched, and
 * is marked asked when a prompt shows it (under the player at the end, or on the list after leaving).
 */
import { useMemo } from 'react'
import { useLiveData } from '../use-live-data.ts'
import type { VideoDetail, VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { db, type CachedRecord, type RatingPrompt } from '../db.ts'
import { enqueue } from '../outbox/enqueue.ts'
import type { RatingPayload, Understood } from './rating-types.ts'

export type { RatingPrompt }

const promptKey = (videoId: number) => `ratingPrompt:${videoId}` as const

/** Pending ratings in the outbox, by video: the newest wins. */
async function pendingRatings(): Promise<Map<number, Understood>> {
  const items = await db.outbox.where('kind').equals('rating').toArray()
  items.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) // ids: any fixed order, no collator
  return new Map(items.map((item) => [(item.payload as RatingPayload).video_id, (item.payload as RatingPayload).understood]))
}

/**
 * Rates a video: queued for the server, replacing an unsent earlier rating of it, and written into the
 * cached list and page. Answers the outbox item's id (the rating's client_id).
 */
export async function rateVideo(videoId: number, understood: Understood, now: Date = new Date()): Promise<string> {
  const payload: RatingPayload = { video_id: videoId, understood, occurred_at: now.toISOString() }
  return db.transaction('rw', [db.outbox, db.videos, db.records], async (tx) => {
    const id = await enqueue('rating', payload, { replace: (earlier) => earlier.video_id === videoId, tx, now: now.getTime() })
    await db.videos.update(videoId, (video) => {
      video.my_rating = understood
    })
    const detail = await db.records.get(`video:${videoId}`)
    if (detail) await db.records.put({ key: `video:${videoId}`, value: { ...(detail.value as VideoDetail), my_rating: understood } } as CachedRecord)
    const prompt = await db.records.get(promptKey(videoId))
    if (prompt) await db.records.put({ key: promptKey(videoId), value: { ...(prompt.value as RatingPrompt), state: 'asked' } })
    return id
  })
}

/** Half of the video is watched: the question becomes due, unless it was asked already. */
export async function markRatingDue(videoId: number, title: string, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    if (await db.records.get(promptKey(videoId))) return
    await db.records.put({ key: promptKey(videoId), value: { state: 'due', title, at: now } })
  })
}

/** A prompt showed the question: it is not asked again. */
export async function markRatingAsked(videoId: number, title: string, now = Date.now()): Promise<void> {
  await db.records.put({ key: promptKey(videoId), value: { state: 'asked', title, at: now } })
}

/** The video whose question is due most recently (left after half was watched), not rated yet. */
export async function dueRatingPrompt(ratedIds: ReadonlySet<number>): Promise<{ videoId: number; title: string } | null> {
  const records = await db.records.where('key').startsWith('ratingPrompt:').toArray()
  const due = records
    .map((record) => ({ videoId: Number(record.key.slice('ratingPrompt:'.length)), prompt: record.value as RatingPrompt }))
    .filter(({ videoId, prompt }) => prompt.state === 'due' && !ratedIds.has(videoId))
    .sort((a, b) => b.prompt.at - a.prompt.at)[0]
  return due ? { videoId: due.videoId, title: due.prompt.title } : null
}

/** Whether the question of this video was asked already (undefined while Dexie answers). */
export function useRatingPrompt(videoId: number): RatingPrompt | null | undefined {
  return useLiveData(async () => ((await db.records.get(promptKey(videoId)))?.value as RatingPrompt | undefined) ?? null, [videoId])
}

/** My ratings as shown: the unsent ones over the server's `my_rating` of the cached videos. */
const NO_PENDING = new Map<number, Understood>()

export function useMyRatings(videos: ReadonlyArray<Pick<VideoSummary, 'id' | 'my_rating'>>): Map<number, number> {
  const pending = useLiveData(pendingRatings, [], NO_PENDING)
  // The same Map until the videos or the unsent ratings change, so lists that depend on it render only then.
  return useMemo(() => {
    const mine = new Map<number, number>()
    for (const video of videos) if (typeof video.my_rating === 'number') mine.set(video.id, video.my_rating)
    for (const [videoId, understood] of pending) mine.set(videoId, understood)
    return mine
  }, [videos, pending])
}

/** My rating of one video: the unsent one, else the server's. */
export function useMyRating(videoId: number, fromServer: number | null | undefined): number | null {
  const pending = useLiveData(async () => (await pendingRatings()).get(videoId) ?? null, [videoId])
  return pending ?? fromServer ?? null
}

/** The question due most recently among videos not in `ratedIds` (undefined while Dexie answers). */
export function useDueRatingPrompt(ratedIds: ReadonlySet<number>): { videoId: number; title: string } | null | undefined {
  return useLiveData(() => dueRatingPrompt(ratedIds), [ratedIds])
}
