/**
 * A string kept once per language in db.records (`<prefix>:<lang>`): the cards pull's cursor and the
 * language's audio grant are both such records, read and written the same way.
 */
import { db } from '../db.ts'

type LanguageRecordPrefix = 'cardsSince' | 'cardAudioGrant'

export function languageRecord(prefix: LanguageRecordPrefix) {
  const key = (language: string): `${LanguageRecordPrefix}:${string}` => `${prefix}:${language}`
  return {
    async keep(language: string, value: string): Promise<void> {
      await db.records.put({ key: key(language), value })
    },
    async read(language: string): Promise<string | null> {
      const record = await db.records.get(key(language))
      return typeof record?.value === 'string' ? record.value : null
    },
  }
}
