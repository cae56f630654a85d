/**
 * The list's compass, worked out on the device from the cached catalogue so it holds offline: the
 * learners' difficulty (1..100, null below 5 ratings) as a sort and a range, the "Continue watching"
 * row and the "Next for you" row.
 *
 * Next for you: the videos not started yet whose difficulty is closest to where my ratings say I am.
 * A rating of 4 ("most of it") says the video sits right for me; each step above or below moves my
 * place by STEP_PER_RATING on the 1..100 scale (understood everything: I can go harder). My place is
 * the mean over my rated videos that have a score. Without one, the level of what I watched last
 * stands in (its usual difficulty), and for a newcomer the easiest videos come first.
 */
import { PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'
import type { ProficiencyLevel, VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import type { DifficultyFields } from './rating-types.ts'

export const DIFFICULTY_MIN = 1
export const DIFFICULTY_MAX = 100
/** A finished video (the server's rule: 90% covered) leaves "Continue watching". */
const FINISHED_PERCENT = 90
/** "Understood most of it" is where input is comprehensible and still teaches. */
const RIGHT_FOR_ME = 4
const STEP_PER_RATING = 12
/** Where each level's videos usually sit on the difficulty scale, for videos not scored yet. */
export const LEVEL_DIFFICULTY: Record<ProficiencyLevel, number> = { introductory: 15, beginner: 35, intermediate: 60, advanced: 85 }

type Video = VideoSummary & DifficultyFields

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
 * Where my ratings say I am on the 1..100 scale, or null when nothing says it. `myRatings` overrides
 * the videos' own `my_rating` (unsent ratings).
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
