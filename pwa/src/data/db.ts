/**
 * The PWA's local database (Dexie over IndexedDB). The schema lives here and only here: add a new
 * `db.version(n)` below the last one when tables change, never edit an old one. The UI reads these
 * tables with useLiveQuery, so it shows the last-known data whether or not the network answers.
 * Only signed-in screens import this module, so the public pages never load Dexie.
 */
import { Dexie, type EntityTable } from 'dexie'
import type { Language } from '../../../contract/schemas/languages.ts'
import type { User } from '../../../contract/schemas/user.ts'

/** A language as cached: the server's fields plus its place in the server's order. */
export interface CachedLanguage extends Language {
  order: number
}

/** Single documents of the signed-in person (the current user today; more keys as features land). */
export type CachedRecord = { key: 'user'; value: User }

export type DeHieuDb = Dexie & {
  languages: EntityTable<CachedLanguage, 'code'>
  records: EntityTable<CachedRecord, 'key'>
}

export const db = new Dexie('de-hieu') as DeHieuDb

db.version(1).stores({
  languages: 'code, order',
  records: 'key',
})

// Another tab opened a newer schema: let it upgrade; this tab reloads into the new version.
db.on('versionchange', () => {
  db.close()
  window.location.reload()
  return false
})
