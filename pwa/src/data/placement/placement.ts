/**
 * The first placement (issue 42 item 4): the catalogue's most frequent words of a language, a page of 25
 * at a time (GET /languages/CODE/common_words: only words of transcripts this learner may read), for a new
 * learner to tick the ones she knows; and whether she skipped it on this device ("Skip for now"), kept
 * per language until she asks for it again from the progress page.
 */
import { useSyncExternalStore } from 'react'
import type { CommonWords } from '../../../../contract/schemas/words.ts'
import { call } from '../api-call.ts'
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts'

export const PLACEMENT_PAGE = 25

/** One page of the most frequent words, from `offset`. */
export async function fetchCommonWords(language: string, offset: number): Promise<CommonWords> {
  const answer = await call('words.common', undefined, { params: { code: language }, query: { limit: PLACEMENT_PAGE, offset } })
  return answer.data
}

const listeners = new Set<() => void>()
let skipped: readonly string[] = readJson<string[]>(STORAGE_KEYS.placementSkipped) ?? []

function setSkipped(next: readonly string[]) {
  skipped = next
  writeJson(STORAGE_KEYS.placementSkipped, next.length > 0 ? next : null)
  for (const listener of listeners) listener()
}

/** "Skip for now": the videos page stops offering it for this language. */
export function skipPlacement(language: string): void {
  if (!skipped.includes(language)) setSkipped([...skipped, language])
}

/** Offered again (she asked from the progress page, or finished it). */
export function unskipPlacement(language: string): void {
  if (skipped.includes(language)) setSkipped(skipped.filter((code) => code !== language))
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function usePlacementSkipped(language: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => skipped.includes(language),
    () => false,
  )
}
