/**
 * The "Next for you" row: the server's pick (GET /languages/CODE/next_for_you, which sees the whole
 * catalogue and the learner's input hours) when it has answered once, kept in Dexie with its videos so
 * it holds offline; what was started or rated since drops out on the device. Before any answer, or
 * when nothing of it is left, the pick is worked out from the cached catalogue (difficulty.ts).
 */
import { useLiveData } from '../use-live-data.ts'
import { useEffect } from 'react'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { nextForYou } from './difficulty.ts'

const ROW_LENGTH = 8

async function fetchNextForYou(code: string): Promise<void> {
  const { data } = await call('compass.nextForYou', undefined, { params: { code }, query: { limit: ROW_LENGTH } })
  const cachedAt = Date.now()
  await db.transaction('rw', [db.videos, db.records], async () => {
    await db.videos.bulkPut(data.map((video) => ({ ...video, cachedAt })))
    await db.records.put({ key: `nextForYou:${code}`, value: data.map((video) => video.id) })
  })
}

/** Not started and not rated (here or on the server). */
function fresh(video: VideoSummary, myRatings: ReadonlyMap<number, number>): boolean {
  const started = (video.progress?.percent ?? 0) > 0 || (video.progress?.last_position_seconds ?? 0) > 0
  return !started && !myRatings.has(video.id) && typeof video.my_rating !== 'number'
}

/** `shown`: whether the row is on screen; the server's pick is only asked for then (the default For you order has no row). */
export function useNextForYou<V extends VideoSummary>(code: string, videos: readonly V[], myRatings: ReadonlyMap<number, number>, online: boolean, shown = true): V[] {
  useEffect(() => {
    if (!online || !shown) return
    fetchNextForYou(code).catch((error: unknown) => console.warn('Could not load Next for you', error))
  }, [code, online, shown])
  const picked = useLiveData(async () => ((await db.records.get(`nextForYou:${code}`))?.value as number[] | undefined) ?? [], [code])
  const byId = new Map(videos.map((video) => [video.id, video]))
  const fromServer = (picked ?? []).flatMap((id) => {
    const video = byId.get(id)
    return video && fresh(video, myRatings) ? [video] : []
  })
  return fromServer.length > 0 ? fromServer : nextForYou(videos, myRatings, ROW_LENGTH)
}
