import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { newCardSchedule } from '../../../../contract/card-schedule.ts'
import type { LocalCard } from '../../data/cards/card-types.ts'
import { db } from '../../data/db.ts'
import { DEFAULT_PLAYER_PREFS, writePlayerPrefs } from '../../data/preferences/player-prefs.ts'
import { WordsProvider } from '../words/WordsProvider.tsx'
import { ReviewCard } from './ReviewCard.tsx'
import { useReviewReadings } from './review-readings.ts'

const createdAt = Date.UTC(2026, 11, 1)
const card: LocalCard = {
  id: 'card-1',
  language: 'yue',
  video_id: 7,
  video_title: '飲茶',
  start: 12,
  end: 15,
  text: '今日好忙。',
  translation: 'Busy today.',
  audio_ready: false,
  created_at: createdAt,
  server: null,
  schedule: newCardSchedule(createdAt),
  due: createdAt,
}
const readings = [
  { from: 0, to: 1, reading: 'gam1' },
  { from: 1, to: 2, reading: 'jat6' },
  { from: 2, to: 3, reading: 'hou2' },
  { from: 3, to: 4, reading: 'mong4' },
]

beforeEach(async () => {
  // The transcript fetch finds no network: the readings kept on the device are what shows.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
  await db.records.put({ key: 'readings:7:yue', value: [{ text: card.text, readings }] })
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await db.records.clear()
})

/** The card as the review session shows it: its words tappable, the readings as the session gives them. */
function SessionCard() {
  const readings = useReviewReadings(card.video_id, 'yue')
  return (
    <WordsProvider language="yue" readings={readings}>
      <ReviewCard card={card} language="yue" now={createdAt} played={null} onPlay={() => {}} onGrade={() => {}} onRemove={() => {}} />
    </WordsProvider>
  )
}

const showCard = () => {
  render(
    <MemoryRouter>
      <SessionCard />
    </MemoryRouter>,
  )
  fireEvent.click(screen.getByTestId('review-reveal'))
}

describe('a Cantonese review card', () => {
  it('shows the Jyutping above the characters, and drops it once the learner turns Jyutping off in the player', async () => {
    await writePlayerPrefs(undefined, { ...DEFAULT_PLAYER_PREFS, jyutping: true }, { sync: false })
    showCard()
    await waitFor(() => expect(screen.getAllByTestId('ruby').map((ruby) => ruby.querySelector('rt')?.textContent)).toEqual(['gam1', 'jat6', 'hou2', 'mong4']))
    await writePlayerPrefs(undefined, { ...DEFAULT_PLAYER_PREFS, jyutping: false }, { sync: false })
    await waitFor(() => expect(screen.queryAllByTestId('ruby')).toEqual([]))
    expect(screen.getByTestId('review-line').textContent).toBe('今日好忙。')
  })

  it('shows the readings to a learner who never touched the setting (on by default)', async () => {
    showCard()
    expect(await screen.findAllByTestId('ruby')).toHaveLength(4)
  })
})
