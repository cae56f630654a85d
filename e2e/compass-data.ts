/**
 * Data for the compass e2e specs, put in through the API as learners would (watch time, ratings with
 * other signed-in learners) or straight into the test server's database where no call makes it (a
 * series), and read back from it (ratings stored).
 */
import { uuidv7 } from '../contract/ids.ts'
import { signIn, type TestServer } from '../sync-server/test-support/test-server.ts'
import { expect, uniqueEmail } from './fixtures.ts'
import { E2E_TIME_ZONE } from './time-zone.ts'

/** Calls the API as a learner, the way the app does (with its time zone). */
export async function call(server: TestServer, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-time-zone': E2E_TIME_ZONE },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as { data: { accepted: string[]; rejected: unknown[] } }
}

/** Watch time through the API: `seconds` of the video from its start, in stretches of at most 60 s ending now (or `daysAgo`). */
export async function watch(server: TestServer, token: string, videoId: number, seconds: number, daysAgo = 0) {
  const now = server.clock.now() - daysAgo * 86_400_000
  const events = []
  for (let from = 0, index = 0; from < seconds; from += 60, index++) {
    const length = Math.min(60, seconds - from)
    events.push({ client_id: uuidv7(), video_id: videoId, position_from: from, position_to: from + length, watched_seconds: length, playback_rate: 1, occurred_at: new Date(now - index * 61_000).toISOString() })
  }
  const answer = await call(server, token, 'POST', '/watch_events', { events })
  expect(answer.data.rejected).toEqual([])
}

/** Another learner watches the whole video and says how much they understood. */
export async function anotherLearnerRates(server: TestServer, videoId: number, duration: number, understood: number) {
  const { token } = await signIn(server, uniqueEmail('rater'))
  await watch(server, token, videoId, duration)
  const answer = await call(server, token, 'POST', '/ratings', { ratings: [{ client_id: uuidv7(), video_id: videoId, understood, occurred_at: new Date(server.clock.now()).toISOString() }] })
  expect(answer.data.accepted).toHaveLength(1)
}

/** Puts the videos into a new series as episodes 1, 2, …: up next then offers the next episode. */
export async function inSeries(server: TestServer, videoIds: number[]) {
  const db = server.ctx.database.db
  const series = await db
    .insertInto('series')
    .values({ language_code: 'vi', name: `Một ngày ở Sài Gòn ${Date.now()}`, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [index, id] of videoIds.entries()) await db.updateTable('videos').set({ series_id: series.id, episode_number: index + 1 }).where('id', '=', id).execute()
}

export async function ratingsStored(server: TestServer, userId: number, videoId: number) {
  const db = server.ctx.database.db
  const kept = await db.selectFrom('video_ratings').selectAll().where('user_id', '=', userId).where('video_id', '=', videoId).execute()
  const receipts = await db.selectFrom('rating_receipts').select('client_id').where('user_id', '=', userId).execute()
  return { kept, receipts: receipts.length }
}
