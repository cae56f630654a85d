/**
 * The difficulty score's properties over many simulated raters (fast-check). The simulation keeps
 * ratings exactly as the ratings service does: one kept rating per learner and video (replaces()),
 * the video's count and evidence sum changed by the difference, the score from the sums.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PROFICIENCY_LEVELS, type ProficiencyLevel } from '../../../contract/index.ts'
import { abilityFromInputSeconds, difficultyScore, placeFromRatings, ratingEvidence, replaces } from './difficulty.ts'

interface SimulatedRating {
  learner: number
  clientId: string
  understood: number
  inputSeconds: number
  occurredMs: number
}

/** A video's sums after these ratings arrive in this order, kept the service's way. */
function rateInOrder(level: ProficiencyLevel, ratings: readonly SimulatedRating[]) {
  const kept = new Map<number, { client_id: string; occurred_at: string; evidence: number }>()
  const seen = new Set<string>()
  let count = 0
  let evidenceSum = 0
  for (const rating of ratings) {
    if (seen.has(rating.clientId)) continue // a duplicate
    seen.add(rating.clientId)
    const incoming = { client_id: rating.clientId, occurred_at: new Date(rating.occurredMs).toISOString() }
    const previous = kept.get(rating.learner)
    if (!replaces(incoming, previous)) continue
    const evidence = ratingEvidence(rating.understood, rating.inputSeconds)
    count += previous ? 0 : 1
    evidenceSum += evidence - (previous?.evidence ?? 0)
    kept.set(rating.learner, { ...incoming, evidence })
  }
  return { count, evidenceSum, score: difficultyScore({ level, count, evidenceSum }) }
}

const level = fc.constantFrom(...PROFICIENCY_LEVELS)
const understood = fc.integer({ min: 1, max: 5 })
const inputSeconds = fc.integer({ min: 0, max: 4000 * 3600 })
const START = Date.parse('2026-01-01T00:00:00Z')
/** Raters 0..n-1, each with one rating at a distinct instant. */
const raters = (minLength: number, maxLength = 60) =>
  fc.array(fc.record({ understood, inputSeconds }), { minLength, maxLength }).map((list) =>
    list.map((rater, i): SimulatedRating => ({ learner: i, clientId: `c-${i}`, occurredMs: START + i * 1000, ...rater })),
  )

describe('the difficulty score', () => {
  it('is a whole number from 1 to 100 whatever learners say, and null below 5 ratings', () => {
    fc.assert(
      fc.property(level, raters(0, 80), (videoLevel, ratings) => {
        const { score, count } = rateInOrder(videoLevel, ratings)
        if (count < 5) expect(score).toBeNull()
        else {
          expect(Number.isInteger(score)).toBe(true)
          expect(score).toBeGreaterThanOrEqual(1)
          expect(score).toBeLessThanOrEqual(100)
        }
      }),
    )
  })

  it('never rises when a rater says they understood more (monotone in understanding)', () => {
    fc.assert(
      fc.property(level, raters(5), fc.nat(), understood, (videoLevel, ratings, pick, newAnswer) => {
        const i = pick % ratings.length
        const lower = Math.min(ratings[i]!.understood, newAnswer)
        const higher = Math.max(ratings[i]!.understood, newAnswer)
        const withLower = rateInOrder(videoLevel, ratings.map((r, j) => (j === i ? { ...r, understood: lower } : r))).score!
        const withHigher = rateInOrder(videoLevel, ratings.map((r, j) => (j === i ? { ...r, understood: higher } : r))).score!
        expect(withHigher).toBeLessThanOrEqual(withLower)
      }),
    )
    // And a strict case: at a rater's own place, each step more understood is a lower evidence.
    for (let answer = 1; answer < 5; answer++) expect(ratingEvidence(answer + 1, 300 * 3600)).toBeLessThan(ratingEvidence(answer, 300 * 3600))
  })

  it('moves down more when a less experienced learner says they understood', () => {
    fc.assert(
      fc.property(level, raters(5), fc.integer({ min: 4, max: 5 }), inputSeconds, inputSeconds, (videoLevel, ratings, answer, a, b) => {
        const [novice, expert] = a <= b ? [a, b] : [b, a]
        const before = rateInOrder(videoLevel, ratings).score!
        const newcomer = (seconds: number): SimulatedRating => ({ learner: 10_000, clientId: 'new', understood: answer, inputSeconds: seconds, occurredMs: START - 1 })
        const afterNovice = rateInOrder(videoLevel, [...ratings, newcomer(novice)]).score!
        const afterExpert = rateInOrder(videoLevel, [...ratings, newcomer(expert)]).score!
        expect(afterNovice).toBeLessThanOrEqual(afterExpert)
        // The same answer from the less experienced one is never a smaller step down.
        expect(before - afterNovice).toBeGreaterThanOrEqual(before - afterExpert)
      }),
    )
    // 20 hours against 600 hours, both "understood almost everything": strictly lower evidence.
    expect(ratingEvidence(5, 20 * 3600)).toBeLessThan(ratingEvidence(5, 600 * 3600))
  })

  it('is the same however often, and in whatever order, the same ratings arrive (duplicates count once)', () => {
    fc.assert(
      fc.property(
        level,
        raters(1, 40),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.nat(),
        (videoLevel, ratings, repeats, seed) => {
          const once = rateInOrder(videoLevel, ratings)
          const replayed = [...ratings, ...repeats.map((r) => ratings[r % ratings.length]!)]
          // A fixed shuffle from the seed: outbox replays come in any order.
          const shuffled = replayed.map((r, i) => ({ r, key: (i * 7919 + seed) % 104_729 })).sort((x, y) => x.key - y.key).map(({ r }) => r)
          expect(rateInOrder(videoLevel, shuffled)).toEqual(once)
        },
      ),
    )
  })

  it('counts a replaced rating once: only each learner\'s latest rating is in the score', () => {
    fc.assert(
      fc.property(
        level,
        fc.array(fc.record({ learner: fc.integer({ min: 0, max: 7 }), understood, inputSeconds, occurredMs: fc.integer({ min: START, max: START + 5 }) }), { minLength: 1, maxLength: 80 }), // a narrow span of instants: ties on occurred_at are common
        (videoLevel, sent) => {
          const ratings = sent.map((r, i) => ({ ...r, clientId: `c-${String(i).padStart(3, '0')}` }))
          const latest = new Map<number, SimulatedRating>()
          for (const r of ratings) {
            const kept = latest.get(r.learner)
            if (!kept || r.occurredMs > kept.occurredMs || (r.occurredMs === kept.occurredMs && r.clientId > kept.clientId)) latest.set(r.learner, r)
          }
          const onlyLatest = rateInOrder(videoLevel, [...latest.values()])
          expect(rateInOrder(videoLevel, ratings)).toEqual(onlyLatest)
          expect(rateInOrder(videoLevel, [...ratings].reverse())).toEqual(onlyLatest)
          expect(onlyLatest.count).toBe(latest.size)
        },
      ),
    )
  })

  it('stays near the level while ratings are few, and follows the learners as they add up', () => {
    // Twenty raters at 1000 h saying "about half": the video is at their place (75), an introductory video or not.
    const many = Array.from({ length: 200 }, (_, i): SimulatedRating => ({ learner: i, clientId: `c-${i}`, understood: 3, inputSeconds: 1000 * 3600, occurredMs: START }))
    const five = rateInOrder('introductory', many.slice(0, 5)).score!
    const all = rateInOrder('introductory', many).score!
    expect(five).toBeLessThan(all)
    expect(Math.abs(five - (8 + 75) / 2)).toBeLessThanOrEqual(1) // at 5 ratings the level still weighs half
    expect(Math.abs(all - 75)).toBeLessThanOrEqual(2)
    expect(abilityFromInputSeconds(0)).toBe(1)
    expect(abilityFromInputSeconds(300 * 3600)).toBe(45)
    expect(abilityFromInputSeconds(10_000 * 3600)).toBe(100)
  })
})

describe("a learner's place from their ratings", () => {
  it('is where the rated videos sit, a level higher per step understood above half; null without scored videos', () => {
    expect(placeFromRatings([])).toBeNull()
    expect(placeFromRatings([{ understood: 5, difficulty: null }])).toBeNull()
    expect(placeFromRatings([{ understood: 3, difficulty: 40 }])).toBe(40)
    expect(placeFromRatings([{ understood: 5, difficulty: 40 }, { understood: 1, difficulty: 60 }])).toBe((70 + 30) / 2)
  })
})
