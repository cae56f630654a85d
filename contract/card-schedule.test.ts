import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { comesAfter, foldCardReviews, newCardSchedule, sortReviews, stepCardSchedule, type ReviewRating, type ScheduleReview } from './card-schedule.ts'

const created = Date.parse('2026-12-01T08:00:00Z')
const DAY = 86_400_000
const review = (client_id: string, rating: ReviewRating, reviewed_at: number): ScheduleReview => ({ client_id, rating, reviewed_at })

describe('card schedule (FSRS, the same fold on the device and the server)', () => {
  it('a new card is due at its creation, new, with no review', () => {
    expect(newCardSchedule(created)).toMatchObject({ state: 'new', due: created, reps: 0, lapses: 0, last_review: null })
  })

  it('good then good moves the card into review, due days later', () => {
    const schedule = foldCardReviews(created, [review('a', 3, created + 60_000), review('b', 3, created + 20 * 60_000)])
    expect(schedule.reps).toBe(2)
    expect(schedule.state).toBe('review')
    expect(schedule.due).toBeGreaterThan(created + DAY)
  })

  it('again counts a lapse once the card is in review', () => {
    const inReview = foldCardReviews(created, [review('a', 4, created + 60_000)])
    expect(inReview.state).toBe('review')
    const lapsed = stepCardSchedule(inReview, created, review('b', 1, inReview.due))
    expect(lapsed).toMatchObject({ state: 'relearning', lapses: 1, reps: 2 })
  })

  it('a review before the card was made counts at its creation', () => {
    const early = foldCardReviews(created, [review('a', 3, created - DAY)])
    const atCreation = foldCardReviews(created, [review('a', 3, created)])
    expect(early).toEqual(atCreation)
    expect(early.last_review).toBe(created)
  })

  it('ties go by client_id', () => {
    const at = created + 5 * 60_000
    expect(sortReviews(created, [review('b', 1, at), review('a', 4, at)]).map((r) => r.client_id)).toEqual(['a', 'b'])
  })

  it('stepping in order equals folding, for any log in any arrival order', () => {
    const log = fc.array(
      fc.record({ rating: fc.constantFrom<ReviewRating>(1, 2, 3, 4), offset: fc.integer({ min: -DAY, max: 200 * DAY }) }),
      { minLength: 1, maxLength: 40 },
    )
    fc.assert(
      fc.property(log, fc.integer(), (items, seed) => {
        const reviews = items.map((item, index) => review(`c${String(index).padStart(3, '0')}`, item.rating, created + item.offset))
        const shuffled = [...reviews].sort((a, b) => ((a.client_id.charCodeAt(3) * 31 + seed) % 97) - ((b.client_id.charCodeAt(3) * 31 + seed) % 97))
        const folded = foldCardReviews(created, shuffled)
        // What the server does: step when a review comes after the last, fold again otherwise.
        let schedule = newCardSchedule(created)
        const held: ScheduleReview[] = []
        for (const next of shuffled) {
          held.push(next)
          schedule = comesAfter(schedule, created, next) ? stepCardSchedule(schedule, created, next) : foldCardReviews(created, held)
        }
        expect(schedule).toEqual(folded)
      }),
      { numRuns: 100 },
    )
  })
})
