import { describe, expect, it } from 'vitest'
import { videoSummary } from '../../test-support/videos.ts'
import { pickUpNext } from './up-next.ts'

const series = { id: 3, name: 'Sài Gòn' }

describe('up next among the downloaded videos', () => {
  it('is the next episode of the series when it is downloaded, skipping a missing one', () => {
    const current = videoSummary(1, { series, episode_number: 1 })
    const downloaded = [videoSummary(9), videoSummary(4, { series, episode_number: 4 }), videoSummary(3, { series, episode_number: 3 })]
    expect(pickUpNext(current, downloaded)?.id).toBe(3)
  })

  it('else the unfinished video closest in difficulty, never the one that just ended nor a finished one', () => {
    const current = { ...videoSummary(1), difficulty: 40 }
    const downloaded = [
      current,
      { ...videoSummary(2), difficulty: 42, progress: { percent: 95, last_position_seconds: 50 } },
      { ...videoSummary(3), difficulty: 80 },
      { ...videoSummary(4), difficulty: 30 },
    ]
    expect(pickUpNext(current, downloaded)?.id).toBe(4)
  })

  it('offers nothing when nothing else is downloaded', () => {
    expect(pickUpNext(videoSummary(1), [videoSummary(1)])).toBeNull()
  })
})
