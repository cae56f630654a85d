/**
 * What plays after a video: the server's pick (GET /videos/ID/up_next: the next episode of its series,
 * else the closest unfinished video at my level) when the network answers; offline only a downloaded
 * video can play, so the pick is made on the device among the downloads, by the same rules.
 */
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { LEVEL_DIFFICULTY } from './difficulty.ts'

type Video = VideoSummary

const FINISHED_PERCENT = 90
const finished = (video: Video) => (video.progress?.percent ?? 0) >= FINISHED_PERCENT
const usualDifficulty = (video: Video) => (typeof video.difficulty === 'number' ? video.difficulty : LEVEL_DIFFICULTY[video.proficiency_level])

/** Among `candidates` (the downloaded videos): the next episode of the series, else the closest unfinished video. */
export function pickUpNext<V extends Video>(current: Video, candidates: readonly V[]): V | null {
  const others = candidates.filter((video) => video.id !== current.id)
  if (current.series && current.episode_number !== null) {
    const episode = current.episode_number
    const next = others
      .filter((video) => video.series?.id === current.series!.id && video.episode_number !== null && video.episode_number > episode)
      .sort((a, b) => a.episode_number! - b.episode_number!)[0]
    if (next) return next
  }
  const target = usualDifficulty(current)
  return (
    others
      .filter((video) => !finished(video))
      .sort((a, b) => Math.abs(usualDifficulty(a) - target) - Math.abs(usualDifficulty(b) - target) || a.id - b.id)[0] ?? null
  )
}

/** The server's pick. */
export async function fetchUpNext(videoId: number): Promise<Video | null> {
  const answer = await call('compass.upNext', undefined, { params: { id: videoId } })
  return answer.data
}

/** The pick among the videos downloaded in full (their pages are kept on the device with them). */
export async function offlineUpNext(current: Video): Promise<Video | null> {
  const ids = await db.downloads.where('status').equals('complete').primaryKeys()
  const records = await db.records.bulkGet(ids.map((id) => `video:${id}` as const))
  const cached = await db.videos.bulkGet(ids)
  const candidates = ids.flatMap((id, index) => {
    const video = (records[index]?.value as Video | undefined) ?? cached[index]
    return video ? [video] : []
  })
  return pickUpNext(current, candidates)
}
