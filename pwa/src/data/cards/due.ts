/**
 * What is due, read from the [language+due] index so 10,000 cards cost a range, not a scan: the cards
 * due now (oldest due first), how many more fall due before the day ends, and when the next one does.
 * The screens follow them live (useLiveData): a grade moves the card out of the list at once.
 */
import { useState } from 'react'
import { db } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'
import { useReadAgain } from '../use-read-again.ts'
import { cardAudioGrant, withAudioUrls } from './card-audio-grant.ts'
import type { PlayableCard } from './card-types.ts'

export interface DueSummary {
  /** Due now. */
  now: number
  /** Falling due later today (local day). */
  laterToday: number
  /** Epoch ms of the next card due after now, null when none is. */
  next: number | null
  /** Every card of the language. */
  total: number
}

const range = (language: string, from: number, to: number) => db.cards.where('[language+due]').between([language, from], [language, to], true, false)

function endOfLocalDay(now: number): number {
  const end = new Date(now)
  end.setHours(24, 0, 0, 0)
  return end.getTime()
}

/** The first `limit` cards due at `now`, the longest due first, each with its clip's URL under the language's grant. */
export async function dueCards(language: string, now: number, limit: number): Promise<PlayableCard[]> {
  const [cards, grant] = await Promise.all([range(language, -Infinity, now + 1).limit(limit).toArray(), cardAudioGrant(language)])
  return withAudioUrls(cards, grant)
}

export async function dueSummary(language: string, now: number): Promise<DueSummary> {
  const [dueNow, laterToday, next, total] = await Promise.all([
    range(language, -Infinity, now + 1).count(),
    range(language, now + 1, endOfLocalDay(now)).count(),
    range(language, now + 1, Infinity).first(),
    db.cards.where('[language+due]').between([language, -Infinity], [language, Infinity]).count(),
  ])
  return { now: dueNow, laterToday, next: next?.due ?? null, total }
}

/** How many cards of the language are due now, live (the menu's count); undefined while unknown. */
export function useDueCount(language: string | null | undefined, now: number): number | undefined {
  return useLiveData(() => (language ? range(language, -Infinity, now + 1).count() : 0), [language, now])
}

interface ReviewQueue {
  language: string
  cards: PlayableCard[]
  summary: DueSummary
}

const reviewQueue = async (language: string, now: number, ahead: number): Promise<ReviewQueue> => ({ language, cards: await dueCards(language, now, ahead), summary: await dueSummary(language, now) })

/**
 * The review page's queue: the next cards due and the day's summary, live. While a first pull writes
 * its pages (`pulledPages` a number) it is read once per page written instead: the pull's chunk writes
 * would each wake the live query and its four counts of up to 10,000 cards (issue 43).
 */
export function useReviewQueue(language: string, now: number, ahead = 4, pulledPages: number | null = null): ReviewQueue | undefined {
  const paused = pulledPages !== null
  // Paused, the live query reads nothing, so no write wakes it.
  const live = useLiveData(async () => (paused ? null : reviewQueue(language, now, ahead)), [language, now, ahead, paused])
  const read = useReadAgain(() => reviewQueue(language, now, ahead), [language, now, ahead, pulledPages], paused)
  const source = (paused ? read : live) ?? undefined
  const answer = source?.language === language ? source : undefined
  // Until the current source answers (the live query after a new `now` or the pull's end, the first read
  // of a pull), the last answer shown stands: never an older one, never another language's.
  const [shown, setShown] = useState<ReviewQueue | undefined>(undefined)
  if (answer !== undefined && answer !== shown) setShown(answer)
  return answer ?? (shown?.language === language ? shown : undefined)
}

/** The starts of a video's saved lines, live (the transcript marks them, the line tools say "Saved"). */
export function useSavedStarts(videoId: number): number[] {
  return useLiveData(async () => (await db.cards.where('video_id').equals(videoId).toArray()).map((card) => card.start), [videoId], NO_STARTS)
}
const NO_STARTS: number[] = []
