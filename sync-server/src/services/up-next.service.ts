/**
 * What to watch next (issue 20): GET /videos/ID/up_next and GET /languages/CODE/next_for_you.
 *
 * - Up next: the next episode of the video's series the learner has not finished; else the pick below
 *   among the videos they have not finished.
 * - Next for you: the pick below among the videos they have not started.
 * - The pick: the scored videos nearest to where the learner is. Their own ratings say where
 *   (rules/difficulty.ts placeFromRatings: a rated video's score, a roadmap level up per step
 *   understood above "about half"); the target is a level below that, where they would answer 4,
 *   "understood most of it": input that is comprehensible and still teaches. Without a rating of a
 *   scored video, the target is where their level usually sits (LEVEL_PRIOR), their level being the
 *   one nearest their input hours on the same scale. Fewer scored videos than asked: videos of their
 *   level fill in, the easiest scored first, then newest.
 * Premium videos are offered only to those who may play them; the video itself is never offered.
 */
import type { VideoSummary } from '../../../contract/index.ts'
import { notFound } from '../errors.ts'
import type { CatalogueRepository, CatalogueVideoRow } from '../repositories/catalogue.repository.ts'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { LearnerCompassRepository, PickFilter } from '../repositories/learner-compass.repository.ts'
import type { OutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import type { RatingsRepository } from '../repositories/ratings.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { VideoProgressRepository } from '../repositories/video-progress.repository.ts'
import { abilityFromInputSeconds, LEVEL_PRIOR, placeFromRatings, POINTS_PER_LEVEL } from '../rules/difficulty.ts'
import type { CatalogueService } from './catalogue.service.ts'

type Level = keyof typeof LEVEL_PRIOR

export type UpNextService = ReturnType<typeof createUpNextService>

export function createUpNextService(deps: {
  catalogue: CatalogueRepository
  catalogueService: CatalogueService
  languages: LanguagesRepository
  compass: LearnerCompassRepository
  ratings: RatingsRepository
  videoProgress: VideoProgressRepository
  outsideHours: OutsideHoursRepository
}) {
  /** The level whose usual place is nearest the learner's input hours in the language. */
  async function levelByHours(user: UserRow, languageCode: string): Promise<Level> {
    const seconds = (await deps.videoProgress.watchSecondsInLanguage(user.id, languageCode)) + (await deps.outsideHours.totalMinutes(user.id)) * 60
    const ability = abilityFromInputSeconds(seconds)
    const levels = Object.keys(LEVEL_PRIOR) as Level[]
    return levels.reduce((best, level) => (Math.abs(LEVEL_PRIOR[level] - ability) < Math.abs(LEVEL_PRIOR[best] - ability) ? level : best))
  }

  async function pick(user: UserRow, filter: PickFilter): Promise<CatalogueVideoRow[]> {
    const level = await levelByHours(user, filter.languageCode)
    const place = placeFromRatings(await deps.ratings.forLanguage(user.id, filter.languageCode))
    const target = place === null ? LEVEL_PRIOR[level] : place - POINTS_PER_LEVEL
    const nearest = (await deps.compass.nearestDifficulty(filter, target))
      .sort((a, b) => Math.abs(a.difficulty! - target) - Math.abs(b.difficulty! - target) || a.difficulty! - b.difficulty!)
      .slice(0, filter.limit)
    if (nearest.length >= filter.limit) return nearest
    const more = await deps.compass.ofLevel({ ...filter, exclude: [...filter.exclude, ...nearest.map((row) => row.id)], limit: filter.limit - nearest.length }, level)
    return [...nearest, ...more]
  }

  const filterFor = (user: UserRow, languageCode: string, options: Pick<PickFilter, 'unstartedOnly' | 'exclude' | 'limit'>): PickFilter => ({
    userId: user.id,
    languageCode,
    mayWatchPremium: user.is_premium === 1 || user.is_admin === 1,
    ...options,
  })

  return {
    async upNext(user: UserRow, videoId: number): Promise<VideoSummary | null> {
      const video = await deps.catalogue.findPublished(videoId)
      if (!video) throw notFound('No such video.')
      const filter = filterFor(user, video.language_code, { unstartedOnly: false, exclude: [video.id], limit: 1 })
      let chosen: CatalogueVideoRow | undefined
      if (video.series_id !== null && video.episode_number !== null) {
        chosen = (await deps.compass.nextEpisodes({ ...filter, seriesId: video.series_id, episodeNumber: video.episode_number }))[0]
      }
      chosen ??= (await pick(user, filter))[0]
      return chosen ? ((await deps.catalogueService.summaries(user, [chosen]))[0] ?? null) : null
    },

    async nextForYou(user: UserRow, languageCode: string, limit: number): Promise<VideoSummary[]> {
      if (!(await deps.languages.exists(languageCode))) throw notFound('No such language.')
      return deps.catalogueService.summaries(user, await pick(user, filterFor(user, languageCode, { unstartedOnly: true, exclude: [], limit })))
    },
  }
}
