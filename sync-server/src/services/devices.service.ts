/**
 * The devices list: a person's live sessions, and signing one (or every other) out. A session's id on
 * the wire is the start of its token hash, the same 16 hex characters media grants already carry: it
 * names the session without being the token or its whole hash.
 */
import type { Clock } from '../clock.ts'
import { notFound, unauthorized } from '../errors.ts'
import type { SessionsRepository } from '../repositories/sessions.repository.ts'
import { deviceName, type DeviceName } from '../rules/device-name.ts'

const SESSION_ID_CHARS = 16

export interface DeviceView {
  id: string
  created_at: string
  last_seen_at: string
  user_agent: string | null
  device: DeviceName
  current: boolean
}

export type DevicesService = ReturnType<typeof createDevicesService>

export function createDevicesService(deps: { sessions: SessionsRepository; clock: Clock }) {
  const { sessions, clock } = deps
  const idOf = (tokenHash: string) => tokenHash.slice(0, SESSION_ID_CHARS)

  return {
    async list(userId: number, currentTokenHash: string): Promise<DeviceView[]> {
      const rows = await sessions.listActive(userId, clock.now())
      return rows.map((row) => ({
        id: idOf(row.token_hash),
        created_at: new Date(row.created_at).toISOString(),
        last_seen_at: new Date(row.last_seen_at ?? row.created_at).toISOString(),
        user_agent: row.user_agent,
        device: deviceName(row.user_agent),
        current: row.token_hash === currentTokenHash,
      }))
    },

    /** Signs one of the person's sessions out (404 for an id that is not one of their live sessions). */
    async signOut(userId: number, id: string): Promise<void> {
      const now = clock.now()
      const match = (await sessions.listActive(userId, now)).find((row) => idOf(row.token_hash) === id)
      if (!match || !(await sessions.revokeOwn(userId, match.token_hash, now))) throw notFound('No such session.')
    },

    /**
     * Every session of the person except the one asking; how many were signed out. 401 when the asking
     * session was itself signed out meanwhile (pressed on another device at the same moment).
     */
    async signOutOthers(userId: number, currentTokenHash: string): Promise<number> {
      const ended = await sessions.revokeOthersIfLive(userId, currentTokenHash, clock.now())
      if (ended === undefined) throw unauthorized('This device was signed out. Sign in again.')
      return ended
    },
  }
}
