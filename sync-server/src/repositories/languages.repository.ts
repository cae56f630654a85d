import type { Language } from '../../../contract/index.ts'
import type { Db } from '../db/connection.ts'

export type LanguagesRepository = ReturnType<typeof createLanguagesRepository>

export function createLanguagesRepository(db: Db) {
  const all = db.prepare<[], Language>(
    `SELECT l.code, l.name, l.native_name,
            (SELECT COUNT(*) FROM videos v WHERE v.language_code = l.code AND v.published_at IS NOT NULL) AS video_count
       FROM languages l ORDER BY l.position, l.code`,
  )
  const one = db.prepare<[string], { code: string }>('SELECT code FROM languages WHERE code = ?')
  return { list: () => all.all(), exists: (code: string) => one.get(code) !== undefined }
}
