import type { Db } from '../db/connection.ts'

export interface ApplicationRow {
  id: number
  name: string
  email: string
  location: string
  english_ability: 'none' | 'a_little' | 'well'
  notes: string
  video_file: string
  video_type: string
  video_bytes: number
  status: 'pending' | 'accepted' | 'rejected'
  created_at: string
  decided_at: string | null
}

export type ContributorApplicationsRepository = ReturnType<typeof createContributorApplicationsRepository>

export function createContributorApplicationsRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO contributor_applications (name, email, location, english_ability, notes, video_file, video_type,
       video_bytes, created_at)
     VALUES (@name, @email, @location, @english_ability, @notes, @video_file, @video_type, @video_bytes, @created_at)`,
  )
  const byId = db.prepare<[number], ApplicationRow>('SELECT * FROM contributor_applications WHERE id = ?')
  const all = db.prepare<[number, number], ApplicationRow>(
    'SELECT * FROM contributor_applications WHERE id < ? ORDER BY id DESC LIMIT ?',
  )
  const withStatus = db.prepare<[string, number, number], ApplicationRow>(
    'SELECT * FROM contributor_applications WHERE status = ? AND id < ? ORDER BY id DESC LIMIT ?',
  )
  const decide = db.prepare<[string, string | null, number]>(
    'UPDATE contributor_applications SET status = ?, decided_at = ? WHERE id = ?',
  )
  const accepted = db.prepare<[string], { id: number }>(
    "SELECT id FROM contributor_applications WHERE email = ? AND status = 'accepted' LIMIT 1",
  )
  return {
    insert: (row: Omit<ApplicationRow, 'id' | 'status' | 'decided_at'>) => Number(insert.run(row).lastInsertRowid),
    findById: (id: number) => byId.get(id),
    list: (status: string | undefined, beforeId: number, limit: number) =>
      status ? withStatus.all(status, beforeId, limit) : all.all(beforeId, limit),
    decide: (id: number, status: string, decidedAtIso: string | null) => void decide.run(status, decidedAtIso, id),
    isAcceptedEmail: (email: string) => accepted.get(email) !== undefined,
  }
}
