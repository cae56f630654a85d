/**
 * The learner's word states from the server (GET /me/word_states) folded into the device's copy: at app
 * start (the first screen that reads a language's states) and after each flush that sent some.
 */
import type { WordStateInput } from '../../../../contract/schemas/words.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { foldPulled } from './word-state-fold.ts'

/** A word state as it waits in the outbox: its call's item without client_id. */
export type WordStatePayload = Omit<WordStateInput, 'client_id'>

export async function pullWordStates(language: string): Promise<void> {
  const answer = await call('wordStates.list', undefined, { query: { language } })
  await db.transaction('rw', [db.wordStates, db.outbox], async () => {
    const waiting = await db.outbox.where('kind').equals('word_states').toArray()
    const pending = new Set(waiting.flatMap((item) => ((item.payload as WordStatePayload).language === language ? [(item.payload as WordStatePayload).key] : [])))
    const local = await db.wordStates.where('language').equals(language).toArray()
    const { put, remove } = foldPulled(language, local, answer.data, pending)
    if (put.length) await db.wordStates.bulkPut(put)
    if (remove.length) await db.wordStates.bulkDelete(remove.map((key) => [language, key] as [string, string]))
  })
}

const pulled = new Set<string>()

/** Pulls a language's states once per page load (again after a failure). */
export function pullWordStatesOnce(language: string): void {
  if (pulled.has(language)) return
  pulled.add(language)
  pullWordStates(language).catch(() => pulled.delete(language))
}

/** After a flush sent states of these languages: pull them again (outside the engine's transaction). */
export function pullAfterSend(languages: Iterable<string>): void {
  for (const language of new Set(languages)) setTimeout(() => pullWordStates(language).catch(() => undefined), 0)
}
