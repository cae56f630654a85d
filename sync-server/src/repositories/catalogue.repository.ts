import type { Db } from '../db/connection.ts'

/** What the watching rules need to know about a video. */
export interface WatchableVideoRow {
  id: number
  language_code: string
  access_level: string
  duration_seconds: number
  published_at: string | null
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>

export function createCatalogueRepository(db: Db) {
  const forWatching = db.prepare<[number], WatchableVideoRow>(
    'SELECT id, language_code, access_level, duration_seconds, published_at FROM videos WHERE id = ?',
  )
  return {
    findForWatching: (id: number) => forWatching.get(id),
  }
}
