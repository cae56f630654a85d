/**
 * The review page on a first visit (issue 43): the device holds none of the learner's cards, and the
 * server's pages come in due order. The first due card shows once the first page is written, while the
 * next page is still on its way; the summary says more are loading rather than giving a count that is
 * only of the cards arrived so far; and the whole list is there once the pull ends. An empty device whose
 * pull fails (offline) shows the empty state, never before the server had its say.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { newCardSchedule } from '../../../contract/card-schedule.ts'
import type { SavedCard } from '../../../contract/schemas/cards.ts'
import { db } from '../data/db.ts'
import ReviewPage from './ReviewPage.tsx'

const MINUTE = 60_000

/** A new card as the server lists it, due `dueAgoMs` ago. */
function listed(id: string, text: string, dueAgoMs: number): SavedCard {
  const createdAt = Date.now() - dueAgoMs
  const schedule = newCardSchedule(createdAt)
  return {
    id,
    video_id: 4,
    video_title: 'Đi chợ',
    start: 3,
    end: 5.5,
    text,
    translation: null,
    audio_ready: false,
    created_at: new Date(createdAt).toISOString(),
    state: schedule.state,
    due: new Date(schedule.due).toISOString(),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    reps: 0,
    lapses: 0,
    last_review: null,
    last_review_id: null,
    scheduled_days: 0,
    learning_steps: 0,
    elapsed_days: 0,
  }
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
const page = (data: SavedCard[], nextCursor: string | null) => ({ data, next_cursor: nextCursor, audio_grant: 'grant', next_since: 'since-0', removed: [] })

/**
 * GET /me/cards answering its first page at once and its second only when `release` is called; anything
 * else the page asks for (the lexicon, a transcript) finds no network.
 */
function serveSlowSecondPage(first: SavedCard[], second: SavedCard[]) {
  let release = () => {}
  const secondAsked = new Promise<void>((resolve) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://device.test')
        if (!url.pathname.endsWith('/me/cards')) throw new TypeError('offline')
        if (url.searchParams.get('cursor') !== '1') return json(page(first, '1'))
        resolve()
        await new Promise<void>((go) => (release = go))
        return json(page(second, null))
      }),
    )
  })
  return { secondAsked, release: () => release() }
}

const openReview = () =>
  render(
    <MemoryRouter initialEntries={['/languages/vi/review']}>
      <Routes>
        <Route path="/languages/:code/review" element={<ReviewPage />} />
      </Routes>
    </MemoryRouter>,
  )

beforeEach(async () => {
  await Promise.all([db.cards.clear(), db.reviews.clear(), db.outbox.clear(), db.records.clear()])
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the review page on a first visit', () => {
  it('shows the first due card once the first page is written, before the second page arrives', async () => {
    const { secondAsked, release } = serveSlowSecondPage(
      [listed('card-a', 'Câu đầu tiên.', 60 * MINUTE), listed('card-b', 'Câu thứ hai.', 30 * MINUTE)],
      [listed('card-c', 'Câu thứ ba.', 10 * MINUTE)],
    )
    openReview()
    // Before any page is written the device is empty, yet it is not "no saved lines": it waits.
    expect(await screen.findByTestId('review-loading')).toBeTruthy()
    expect(screen.queryByTestId('review-empty')).toBeNull()

    await secondAsked
    // The card due longest is the one shown, and the summary says the rest is still loading.
    await screen.findByTestId('review-card')
    fireEvent.click(screen.getByTestId('review-reveal'))
    expect(screen.getByTestId('review-line').textContent).toBe('Câu đầu tiên.')
    expect(await db.cards.get('card-c')).toBeUndefined()
    expect(screen.getByTestId('review-summary').dataset.loadingMore).toBe('true')

    release()
    await waitFor(() => expect(screen.getByTestId('review-summary').dataset.pull).toBe('settled'))
    expect(screen.getByTestId('review-summary').dataset.loadingMore).toBeUndefined()
    expect(await db.cards.count()).toBe(3)
    expect(screen.getByTestId('review-card')).toBeTruthy()
  })

  it('shows the empty state once an empty device cannot reach the server', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
    openReview()
    expect(await screen.findByTestId('review-empty')).toBeTruthy()
  })
})
