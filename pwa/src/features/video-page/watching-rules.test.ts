import { describe, expect, it } from 'vitest'
import { byName, filterVideos, guidesOf, listQuery, NO_FILTERS } from '../../data/catalogue/catalogue.ts'
import { commentProblem } from '../../data/comments/comments.ts'
import { roadmapPlace } from '../progress/roadmap.ts'
import { goalBarSeconds } from '../../data/progress/today-seconds.ts'
import { resumePosition } from '../../player/ui/Player.tsx'
import { formatDuration } from '../../components/format-duration.ts'
import { videoSummary } from '../../test-support/videos.ts'

const video = videoSummary

describe('the cached catalogue filters like the server', () => {
  const videos = [
    video(1, { proficiency_level: 'advanced', title: 'Tin tức' }),
    video(2, { proficiency_level: 'introductory', access_level: 'premium', title: 'Chào bạn' }),
    video(3, { progress: { percent: 95, last_position_seconds: 50 } }),
    video(4, { access_level: 'preview', progress: { percent: 40, last_position_seconds: 20 } }),
  ]

  it('orders for the learner by default (her level, unfinished, easiest), or newest first, or by level then newest', () => {
    // A newcomer: the introductory video first, the advanced news last, the finished beginner one after the unfinished.
    expect(filterVideos(videos, NO_FILTERS).map((v) => v.id)).toEqual([2, 4, 3, 1])
    expect(filterVideos(videos, NO_FILTERS, undefined, 'advanced').map((v) => v.id)).toEqual([1, 4, 3, 2])
    expect(filterVideos(videos, { ...NO_FILTERS, sort: 'newest' }).map((v) => v.id)).toEqual([4, 3, 2, 1])
    expect(filterVideos(videos, { ...NO_FILTERS, sort: 'level' }).map((v) => v.id)).toEqual([2, 4, 3, 1])
  })

  it('filters by level, access, title (any case, any accents) and hides finished (90% or more)', () => {
    expect(filterVideos(videos, { ...NO_FILTERS, level: 'advanced' }).map((v) => v.id)).toEqual([1])
    expect(filterVideos(videos, { ...NO_FILTERS, access: 'preview' }).map((v) => v.id)).toEqual([4])
    expect(filterVideos(videos, { ...NO_FILTERS, q: ' chào ' }).map((v) => v.id)).toEqual([2])
    // Blind to case and accents, as the server's search: typed without tone marks, or decomposed.
    expect(filterVideos(videos, { ...NO_FILTERS, q: 'CHAO BAN' }).map((v) => v.id)).toEqual([2])
    expect(filterVideos(videos, { ...NO_FILTERS, q: 'tin tuc' }).map((v) => v.id)).toEqual([1])
    expect(filterVideos(videos, { ...NO_FILTERS, q: 'Chào'.normalize('NFD') }).map((v) => v.id)).toEqual([2])
    expect(filterVideos(videos, { ...NO_FILTERS, q: 'chao ban!' }).map((v) => v.id)).toEqual([])
    expect(filterVideos(videos, { ...NO_FILTERS, hideFinished: true, sort: 'newest' }).map((v) => v.id)).toEqual([4, 2, 1])
  })

  it('filters by dialect, guide and Vietnamese captions from the cached fields, and keeps what the server found in a transcript', () => {
    const spoken = [
      video(1, { dialect: 'northern', has_captions: ['vi', 'en'], guides: [{ id: 12, display_name: 'Lan' }], title: 'Phở' }),
      video(2, { dialect: 'southern', has_captions: ['en'], guides: [{ id: 13, display_name: 'Minh' }], title: 'Chợ nổi' }),
      video(3, { title: 'Old copy without the new fields' }),
    ]
    expect(filterVideos(spoken, { ...NO_FILTERS, dialect: 'southern' }).map((v) => v.id)).toEqual([2])
    expect(filterVideos(spoken, { ...NO_FILTERS, guide: '12' }).map((v) => v.id)).toEqual([1])
    expect(filterVideos(spoken, { ...NO_FILTERS, captions: 'vi' }).map((v) => v.id)).toEqual([1])
    expect(filterVideos(spoken, { ...NO_FILTERS, captions: 'en', sort: 'newest' }).map((v) => v.id)).toEqual([2, 1])
    // "mẹ" is in no title: only the transcript match the server answered keeps video 2.
    expect(filterVideos(spoken, { ...NO_FILTERS, q: 'mẹ' }).map((v) => v.id)).toEqual([])
    expect(filterVideos(spoken, { ...NO_FILTERS, q: 'mẹ' }, new Map([[2, { start: 84, text: 'đi chợ với mẹ' }]])).map((v) => v.id)).toEqual([2])
    expect(byName(guidesOf(spoken), 'vi')).toEqual([
      { id: 12, name: 'Lan' },
      { id: 13, name: 'Minh' },
    ])
  })

  it('sends only the filters in use', () => {
    expect(listQuery(NO_FILTERS, null)).toBe('sort=for_you&limit=24')
    expect(listQuery({ ...NO_FILTERS, level: 'beginner', access: 'free', q: ' phở ', sort: 'level', hideFinished: true }, 'abc')).toBe(
      'sort=level&limit=24&level=beginner&access=free&q=ph%E1%BB%9F&hide_finished=1&cursor=abc',
    )
    expect(listQuery({ ...NO_FILTERS, dialect: 'southern', guide: '12', captions: 'en', sort: 'newest' }, null)).toBe('sort=newest&limit=24&dialect=southern&guide=12&captions=en')
  })
})

describe('comment rules (spec section 8)', () => {
  it('refuses blank text and text of 2000 characters or more', () => {
    expect(commentProblem('   ')).toBe('empty')
    expect(commentProblem('x'.repeat(1999))).toBeNull()
    expect(commentProblem('x'.repeat(2000))).toBe('tooLong')
    expect(commentProblem(`  ${'x'.repeat(1999)}  `)).toBeNull()
  })

  it('refuses more than 3 accent marks stacked on a letter, as the server does, and keeps Vietnamese', () => {
    expect(commentProblem('Hay' + '\u0301'.repeat(500))).toBe('marks')
    expect(commentProblem('ệ\u0301\u0302')).toBe('marks')
    expect(commentProblem('Tiếng Việt hay quá'.normalize('NFD'))).toBeNull()
  })
})

describe('player helpers', () => {
  it('resumes from the last position unless it is at the very start or near the end', () => {
    expect(resumePosition(undefined, 600)).toBe(0)
    expect(resumePosition(0.5, 600)).toBe(0)
    expect(resumePosition(120, 600)).toBe(120)
    expect(resumePosition(595, 600)).toBe(0)
  })

  it('formats durations', () => {
    expect(formatDuration(75)).toBe('1:15')
    expect(formatDuration(3700)).toBe('1:01:40')
    expect(formatDuration(0)).toBe('0:00')
  })
})

describe('the goal bar across a flush', () => {
  const today = '2026-06-10'
  const figure = (seconds: number, requestedAt: number) => ({ today_watch_seconds: seconds, day: today, requestedAt })
  const sent = (at: number, seconds: number, day = today) => ({ at, day, seconds })

  it('counts sent seconds until a figure requested after them arrives, then follows the server', () => {
    const before = figure(100, 1_000)
    // 30 s unsent: 130.
    expect(goalBarSeconds(before, [], 30, today)).toBe(130)
    // The flush moves them from the outbox to the sends (answered at 2 000): still 130.
    expect(goalBarSeconds(before, [sent(2_000, 30)], 0, today)).toBe(130)
    // The refreshed figure, requested after that answer, holds them: no jump, no double.
    const after = figure(130, 2_500)
    expect(goalBarSeconds(after, [sent(2_000, 30)], 0, today)).toBe(130)
    // More watching adds on top as usual.
    expect(goalBarSeconds(after, [sent(2_000, 30)], 10, today)).toBe(140)
  })

  it('keeps moving offline (and after an offline reload) when the refresh after a flush was lost', () => {
    const server = figure(0, 1_000)
    // 30 s sent just before the network went: the figure (0) was never refreshed.
    expect(goalBarSeconds(server, [sent(2_000, 30)], 0, today)).toBe(30)
    // 12 s more watched offline, still unsent: 42, not 30.
    expect(goalBarSeconds(server, [sent(2_000, 30)], 12, today)).toBe(42)
    // A second flush of those 12 s (back online, refresh not yet in) neither dips nor doubles.
    expect(goalBarSeconds(server, [sent(2_000, 30), sent(3_000, 12)], 0, today)).toBe(42)
  })

  it('counts a figure and sends only on their own local day', () => {
    const yesterdays = { today_watch_seconds: 0, day: today, requestedAt: 1_000 } // figureForDay zeroed it
    expect(goalBarSeconds(yesterdays, [sent(500, 40, '2026-06-09'), sent(2_000, 20)], 5, today)).toBe(25)
    expect(goalBarSeconds({ ...figure(600, 1_000), day: '2026-06-09' }, [sent(2_000, 20)], 0, today)).toBe(20)
  })

  it('with no server figure yet, counts every send of the day', () => {
    expect(goalBarSeconds({ today_watch_seconds: 0 }, [sent(1, 30), sent(2, 15)], 5, today)).toBe(50)
  })
})

describe('the input-hours roadmap', () => {
  it('places total hours on a level, with the hours left to the next', () => {
    expect(roadmapPlace(0)).toEqual({ level: 1, hoursToNext: 50, percent: 0 })
    expect(roadmapPlace(25 * 3600)).toEqual({ level: 1, hoursToNext: 25, percent: 50 })
    expect(roadmapPlace(150 * 3600)).toEqual({ level: 3, hoursToNext: 150, percent: 0 })
    expect(roadmapPlace(2000 * 3600)).toEqual({ level: 7, hoursToNext: null, percent: 100 })
  })
})
