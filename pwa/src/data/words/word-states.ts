/**
 * A learner's word states on the device: set here (db.wordStates and the outbox's `word_states` in one
 * transaction, so a change made offline is sent once when the network is back), read by useWordStates.
 */
import { useEffect, useMemo } from 'react'
import type { WordState } from '../../../../contract/schemas/words.ts'
import { db, type WordStateRecord } from '../db.ts'
import { enqueue } from '../outbox/enqueue.ts'
import { useLiveData } from '../use-live-data.ts'
import { laterState } from './word-state-fold.ts'
import { pullWordStatesOnce } from './word-state-pull.ts'
import { whenIdle } from '../runtime/when-idle.ts'

/** Marks several words of a language at once, in one transaction (one outbox item each, sent in batches). */
export async function setWordStates(language: string, keys: readonly string[], state: WordState, now = Date.now()): Promise<void> {
  const unique = [...new Set(keys)].filter((key) => key.length > 0)
  if (unique.length === 0) return
  const occurred_at = new Date(now).toISOString()
  const changing = new Set(unique)
  await db.transaction('rw', [db.wordStates, db.outbox], async (tx) => {
    const kept = await db.wordStates.bulkGet(unique.map((key) => [language, key] as [string, string]))
    const records = unique.map((key, index) => laterState(kept[index], { language, key, state, occurredAt: now }))
    await db.wordStates.bulkPut(records)
    for (const [index, key] of unique.entries()) {
      // The first item drops every earlier change of these words still waiting: a change of mind.
      const replace = index === 0 ? (payload: { language: string; key: string }) => payload.language === language && changing.has(payload.key) : undefined
      await enqueue('word_states', { language, key, state, occurred_at }, { tx, replace, now })
    }
  })
}

/** Marks one word of a language. */
export function setWordState(language: string, key: string, state: WordState): Promise<void> {
  return setWordStates(language, [key], state)
}

const NO_STATES: ReadonlyMap<string, WordState> = new Map()

/** The learner's states of a language's words, by key (a key missing is `new`); pulled from the server once. */
export function useWordStates(language: string | undefined): ReadonlyMap<string, WordState> {
  // The pull (a call, then a write that wakes every reader of the states) waits for an idle moment: on
  // a slow phone it shared the first paint's tasks of the videos and video pages (issue 48).
  useEffect(() => {
    if (language) void whenIdle().then(() => pullWordStatesOnce(language))
  }, [language])
  const records = useLiveData<WordStateRecord[], undefined>(() => (language ? db.wordStates.where('language').equals(language).toArray() : []), [language], undefined)
  return useMemo(() => (records ? new Map(records.filter((record) => record.state !== 'new').map((record) => [record.key, record.state])) : NO_STATES), [records])
}
