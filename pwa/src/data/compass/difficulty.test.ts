import { describe, expect, it } from 'vitest'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { videoSummary } from '../../test-support/videos.ts'
import { byDifficulty, continueWatching, FULL_RANGE, inDifficultyRange, myPlace, nextForYou } from './difficulty.ts'

const video = (id: number, fields: Partial<VideoSummary> = {}) => ({ ...videoSummary(id), difficulty: null, my_rating: null, ...fields })
const progress = (percent: number, last_position_seconds = 30) => ({ percent, last_position_seconds })
const ids = (list: Array<{ id: number }>) => list.map((v) => v.id)

describe('difficulty sort and range', () => {
  it('sorts easiest first and puts videos without a score last', () => {
    const list = [video(1, { difficulty: 70 }), video(2), video(3, { difficulty: 20 }), video(4, { difficulty: 45 })]
    expect(ids([...list].sort(byDifficulty((a, b) => b.id - a.id)))).toEqual([3, 4, 1, 2])
  })

  it('a narrowed range keeps only scored videos inside it; the full range keeps everything', () => {
    const list = [video(1, { difficulty: 70 }), video(2), video(3, { difficulty: 20 }), video(4, { difficulty: 45 })]
    expect(ids(list.filter((v) => inDifficultyRange(v, { min: 20, max: 50 })))).toEqual([3, 4])
    expect(ids(list.filter((v) => inDifficultyRange(v, FULL_RANGE)))).toEqual([1, 2, 3, 4])
  })
})

describe('continue watching', () => {
  it('holds the started, unfinished videos, the most recently watched first', () => {
    const list = [video(1, { progress: progress(40) }), video(2, { progress: progress(95) }), video(3), video(4, { progress: progress(10) }), video(5, { progress: progress(60) })]
    expect(ids(continueWatching(list, [4, 1]))).toEqual([4, 1, 5])
  })

  it('leaves out a video with no place to resume from', () => {
    expect(continueWatching([video(1, { progress: progress(0, 0) })])).toEqual([])
  })
})

describe('next for you', () => {
  const catalogue = [
    video(1, { difficulty: 30, my_rating: 5, progress: progress(100) }), // understood everything at 30: what suits me is 45
    video(2, { difficulty: 10 }),
    video(3, { difficulty: 40 }),
    video(4, { difficulty: 45 }),
    video(5, { difficulty: 80 }),
    video(6, { difficulty: 41, progress: progress(20) }), // started: it is in Continue watching instead
  ]

  it('offers the unstarted videos closest to where my ratings say I am', () => {
    expect(myPlace(catalogue, new Map())).toBe(45)
    expect(ids(nextForYou(catalogue, new Map(), 3))).toEqual([4, 3, 2])
  })

  it('moves down when I say I understood little, and up when I understood everything', () => {
    const harder = myPlace(catalogue, new Map([[1, 5]]))!
    const easier = myPlace(catalogue, new Map([[1, 1]]))!
    expect(easier).toBeLessThan(harder)
    expect(nextForYou(catalogue, new Map([[1, 1]]), 1)[0]!.id).toBe(2)
  })

  it('starts a newcomer on the easiest videos', () => {
    const fresh = [video(1, { proficiency_level: 'advanced' }), video(2, { proficiency_level: 'introductory' }), video(3, { difficulty: 50 })]
    expect(ids(nextForYou(fresh, new Map()))).toEqual([2, 3, 1])
  })
})

describe('the cached list with the difficulty sort and range', () => {
  it('asks the server for the same sort and range it applies offline', async () => {
    const { filterVideos, listQuery, NO_FILTERS } = await import('../catalogue/catalogue.ts')
    const filters = { ...NO_FILTERS, sort: 'difficulty' as const, difficulty: { min: 20, max: 60 } }
    expect(listQuery(filters, null)).toBe('sort=difficulty&limit=24&difficulty_min=20&difficulty_max=60')
    expect(listQuery(NO_FILTERS, null)).toBe('sort=for_you&limit=24')
    const list = [video(1, { difficulty: 70 }), video(2), video(3, { difficulty: 20 }), video(4, { difficulty: 45 })]
    expect(ids(filterVideos(list, filters))).toEqual([3, 4])
    expect(ids(filterVideos(list, { ...NO_FILTERS, sort: 'difficulty' }))).toEqual([3, 4, 1, 2])
  })
})
