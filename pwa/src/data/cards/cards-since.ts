/**
 * The cursor of a language's cards pull (GET /me/cards's `next_since`), kept in one record per language
 * (`cardsSince:<lang>`) so a reload asks only for what changed since the last pull (issue 43). It is the
 * signed-in person's: records are personal data, cleared with the rest when another person signs in.
 */
import { db } from '../db.ts'

const sinceKey = (language: string) => `cardsSince:${language}` as const

export async function keepCardsSince(language: string, cursor: string): Promise<void> {
  await db.records.put({ key: sinceKey(language), value: cursor })
}

export async function cardsSince(language: string): Promise<string | null> {
  const record = await db.records.get(sinceKey(language))
  return typeof record?.value === 'string' ? record.value : null
}
