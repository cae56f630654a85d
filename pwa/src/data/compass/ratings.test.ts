/** Ratings on the device (real Dexie schema over fake-indexeddb): queued once, the latest wins, asked once. */
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../db.ts'
import { videoDetail, videoSummary } from '../../test-support/videos.ts'
import type { RatingPayload } from './rating-types.ts'
import { dueRatingPrompt, markRatingAsked, markRatingDue, rateVideo } from './ratings.ts'

beforeEach(async () => {
  await db.outbox.clear()
  await db.videos.clear()
  await db.records.clear()
})

describe('rating a video on the device', () => {
  it('queues one rating item whose id is its client_id, and shows it in the cached list and page at once', async () => {
    await db.videos.put({ ...videoSummary(7), cachedAt: 1 })
    await db.records.put({ key: 'video:7', value: videoDetail(7) })
    const id = await rateVideo(7, 4, new Date('2026-11-24T05:00:00.000Z'))
    const items = await db.outbox.toArray()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id, kind: 'rating', payload: { video_id: 7, understood: 4, occurred_at: '2026-11-24T05:00:00.000Z' } })
    expect(await db.videos.get(7)).toMatchObject({ my_rating: 4 })
    expect((await db.records.get('video:7'))?.value).toMatchObject({ my_rating: 4 })
  })

  it('a later rating of the same video replaces the unsent earlier one; other videos keep theirs', async () => {
    await rateVideo(7, 2)
    await rateVideo(8, 5)
    await rateVideo(7, 4)
    const payloads = (await db.outbox.toArray()).map((item) => item.payload as RatingPayload)
    expect(payloads.map((p) => [p.video_id, p.understood]).sort()).toEqual([
      [7, 4],
      [8, 5],
    ])
  })

  it('leaves other kinds of outbox items alone', async () => {
    await db.outbox.add({ id: 'w1', kind: 'watch_event', payload: { video_id: 7 }, attempts: 0, nextAttemptAt: 0, createdAt: 0 })
    await rateVideo(7, 3)
    expect((await db.outbox.toArray()).map((item) => item.kind).sort()).toEqual(['rating', 'watch_event'])
  })
})

describe('asking once', () => {
  it('a question due after half was watched is offered until it is asked or the video is rated', async () => {
    await markRatingDue(7, 'Chợ nổi', 1_000)
    await markRatingDue(8, 'Phở', 2_000)
    expect(await dueRatingPrompt(new Set())).toEqual({ videoId: 8, title: 'Phở' })
    expect(await dueRatingPrompt(new Set([8]))).toEqual({ videoId: 7, title: 'Chợ nổi' })
    await markRatingAsked(7, 'Chợ nổi')
    await markRatingAsked(8, 'Phở')
    expect(await dueRatingPrompt(new Set())).toBeNull()
  })

  it('an asked question never becomes due again', async () => {
    await markRatingAsked(7, 'Chợ nổi')
    await markRatingDue(7, 'Chợ nổi')
    expect(await dueRatingPrompt(new Set())).toBeNull()
  })

  it('rating a video closes its question', async () => {
    await markRatingDue(7, 'Chợ nổi')
    await rateVideo(7, 5)
    expect(await dueRatingPrompt(new Set())).toBeNull()
  })
})
