/**
 * The cursor of a language's cards pull (GET /me/cards's `next_since`), kept in one record per language
 * (`cardsSince:<lang>`) so a reload asks only for what changed since the last pull (issue 43). It is the
 * signed-in person's: records are personal data, cleared with the rest when another person signs in.
 */
import { languageRecord } from './language-record.ts'

const since = languageRecord('cardsSince')

export const keepCardsSince = (language: string, cursor: string): Promise<void> => since.keep(language, cursor)

export const cardsSince = (language: string): Promise<string | null> => since.read(language)
