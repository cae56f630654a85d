/**
 * The list's compass, worked out on the device from the cached catalogue so it holds offline: the
 * learners' difficulty (1..100, null below 5 ratings) as a sort and a range, the "Continue watching"
 * row and the "Next for you" row.
 *
 * Next for you: the videos not started yet whose difficulty is closest to what suits me. The server's
 * score reads a rating as "this video sits 15 points above my place per step of understanding below
 * 'about half'" (ratings.service.ts), so my place is a rated video's score + 15 × (understood − 3),
 * averaged over my rated, scored videos. What suits me is a video I would understand "most of it"
 * (4): 15 below my place, i.e. the mean of score + 15 × (understood − 4). Without such a rating, the
 * level of what I watched most of stands in (its usual difficulty), and a newcomer starts easiest.
 */
import { PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'
import type { ProficiencyLevel, VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { DIFFICULTY_MAX, DIFFICULTY_MIN } from '../../../../contract/vocabulary.ts'

export { DIFFICULTY_MAX, DIFFICULTY_MIN }
/** A finished video (the server's rule: 90% covered) leaves "Continue watching". */
const FINISHED_PERCENT = 90
/** "Understood most of it" is where input is comprehensible and still teaches. */
const RIGHT_FOR_ME = 4
const STEP_PER_RATING = 15
/** Where each level's videos sit before learners rate them: the server's priors (ratings.service.ts). */
export const LEVEL_DIFFICULTY: Record<ProficiencyLevel, number> = { introductory: 8, beginner: 22, intermediate: 45, advanced: 70 }

type Video = VideoSummary

export interface DifficultyRange {
  min: number
  max: number
}

export const FULL_RANGE: DifficultyRange = { min: DIFFICULTY_MIN, max: DIFFICULTY_MAX }

export const isFullRange = (range: DifficultyRange) => range.min <= DIFFICULTY_MIN && range.max >= DIFFICULTY_MAX

/** A narrowed range keeps only scored videos inside it (an unscored video's difficulty is unknown). */
export function inDifficultyRange(video: Video, range: DifficultyRange): boolean {
  if (isFullRange(range)) return true
  return typeof video.difficulty === 'number' && video.difficulty >= range.min && video.difficulty <= range.max
}

/** Easiest first; videos without a score after the scored ones; then `tie`. */
export function byDifficulty(tie: (a: Video, b: Video) => number) {
  return (a: Video, b: Video): number => {
    const da = typeof a.difficulty === 'number' ? a.difficulty : Number.POSITIVE_INFINITY
    const db = typeof b.difficulty === 'number' ? b.difficulty : Number.POSITIVE_INFINITY
    return da === db ? tie(a, b) : da < db ? -1 : 1
  }
}

/** Started and not finished, with a place to resume from: the videos of `recent` (most recent first) lead. */
export function continueWatching<V extends Video>(videos: readonly V[], recent: readonly number[] = [], limit = 12): V[] {
  const rank = new Map(recent.map((id, index) => [id, index]))
  return videos
    .filter((video) => {
      const percent = video.progress?.percent ?? 0
      return (video.progress?.last_position_seconds ?? 0) > 0 && percent < FINISHED_PERCENT
    })
    .sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || (b.progress?.percent ?? 0) - (a.progress?.percent ?? 0) || b.id - a.id)
    .slice(0, limit)
}

const usualDifficulty = (video: Video) => (typeof video.difficulty === 'number' ? video.difficulty : LEVEL_DIFFICULTY[video.proficiency_level])

/**
 * The difficulty that suits me on the 1..100 scale by my ratings, or null when nothing says it.
 * `myRatings` overrides the videos' own `my_rating` (unsent ratings).
 */
export function myPlace(videos: readonly Video[], myRatings: ReadonlyMap<number, number>): number | null {
  const places: number[] = []
  for (const video of videos) {
    const rating = myRatings.get(video.id) ?? video.my_rating
    if (typeof rating !== 'number' || typeof video.difficulty !== 'number') continue
    places.push(video.difficulty + (rating - RIGHT_FOR_ME) * STEP_PER_RATING)
  }
  if (places.length === 0) return null
  const mean = places.reduce((sum, place) => sum + place, 0) / places.length
  return Math.min(DIFFICULTY_MAX, Math.max(DIFFICULTY_MIN, mean))
}

/** Not started videos closest to my place, easiest first among equals. */
export function nextForYou<V extends Video>(videos: readonly V[], myRatings: ReadonlyMap<number, number>, limit = 8): V[] {
  const started = (video: Video) => (video.progress?.percent ?? 0) > 0 || (video.progress?.last_position_seconds ?? 0) > 0
  const rated = (video: Video) => myRatings.has(video.id) || typeof video.my_rating === 'number'
  let place = myPlace(videos, myRatings)
  if (place === null) {
    // Nothing scored that I rated: the level of what I watched most of stands in; else start easy.
    const watched = videos.filter(started).sort((a, b) => (b.progress?.percent ?? 0) - (a.progress?.percent ?? 0))[0]
    place = watched ? LEVEL_DIFFICULTY[watched.proficiency_level] : DIFFICULTY_MIN
  }
  const target = place
  return videos
    .filter((video) => !started(video) && !rated(video))
    .sort(
      (a, b) =>
        Math.abs(usualDifficulty(a) - target) - Math.abs(usualDifficulty(b) - target) ||
        usualDifficulty(a) - usualDifficulty(b) ||
        PROFICIENCY_LEVELS.indexOf(a.proficiency_level) - PROFICIENCY_LEVELS.indexOf(b.proficiency_level) ||
        b.id - a.id,
    )
    .slice(0, limit)
}
