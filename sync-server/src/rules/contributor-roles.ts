/** Who may contribute: contributors and admins. The server checks this on every contributor call. */
import { forbidden } from '../errors.ts'
import type { Row } from '../db/schema.ts'

type UserRow = Row<'users'>

export function canContribute(user: Pick<UserRow, 'is_contributor' | 'is_admin'>): boolean {
  return user.is_contributor === 1 || user.is_admin === 1
}

export function requireContributor(user: UserRow): void {
  if (!canContribute(user)) throw forbidden('Only contributors can do this.')
}

export function requireAdmin(user: UserRow): void {
  if (user.is_admin !== 1) throw forbidden('Only admins can do this.')
}
