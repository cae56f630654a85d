import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

/** Opens (creating when needed) the SQLite file in the data folder, tuned for one server process. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true })
  const db = new Database(path.join(dataDir, 'dehieu.sqlite'), { timeout: 5000 })
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  return db
}
