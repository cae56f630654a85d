/** Writes to the local database that several features share: the language list and the current user. */
import type { Language } from '../../../contract/schemas/languages.ts'
import type { User } from '../../../contract/schemas/user.ts'
import { db } from './db.ts'

export async function saveLanguages(languages: readonly Language[]): Promise<void> {
  await db.transaction('rw', db.languages, async () => {
    await db.languages.clear()
    await db.languages.bulkPut(languages.map((language, order) => ({ ...language, order })))
  })
}

export async function saveUser(user: User): Promise<void> {
  await db.records.put({ key: 'user', value: user })
}

/** On sign-out nothing of the person stays on the device. */
export async function clearLocalData(): Promise<void> {
  await db.transaction('rw', db.languages, db.records, async () => {
    await db.languages.clear()
    await db.records.clear()
  })
}
