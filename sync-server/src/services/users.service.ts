/**
 * The current user: how it is shown, and the rules for changing it.
 * Display name: premium only; a real change starts a DISPLAY_NAME_COOLDOWN_DAYS cooldown; sending the
 * current name again changes nothing and leaves the cooldown alone.
 */
import {
  DISPLAY_NAME_COOLDOWN_DAYS,
  ERROR_CODES,
  type DailyProgress,
  type User,
} from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { createDailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import { createDailyTotalsRepository, type DailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import { createUsersRepository, type UserRow, type UsersRepository } from '../repositories/users.repository.ts'
import { andThen, type MaybePromise } from '../maybe-promise.ts'
import { isValidTimeZone, localToday } from '../rules/time-zones.ts'

const COOLDOWN_MS = DISPLAY_NAME_COOLDOWN_DAYS * 86_400_000

export type UsersService = ReturnType<typeof createUsersService>

/** The seconds a user watched on a local day. */
export interface SecondsOnDay {
  day: string
  seconds: number
}

/** The goal, its history and today's total, inside the caller's transaction under the person's lock. */
export async function recordDailyGoal(trx: Kysely<Database>, row: Pick<UserRow, 'id'>, today: string, minutes: number): Promise<UserRow> {
  const updated = await createUsersRepository(trx).setDailyGoal(row.id, minutes)
  await createDailyGoalsRepository(trx).recordChange(row.id, today, minutes)
  await createDailyTotalsRepository(trx).recordGoalForDay(row.id, today, minutes)
  return updated
}

export function createUsersService(deps: {
  db: Kysely<Database>
  locking: Locking
  users: UsersRepository
  dailyTotals: DailyTotalsRepository
  clock: Clock
}) {
  const { users, dailyTotals, clock } = deps

  // The goal, its history (by the user's local day, the day daily totals use) and today's total change
  // together. Today is judged by the goal set last today; earlier days keep the goal they had, also
  // those whose first watch time arrives later (watch-ingest/store-batch.ts reads the history).
  function setGoal(row: UserRow, minutes: number): Promise<UserRow> {
    // The person's lock first, as every writer of their rows takes it (db/dialect/locking.ts): before,
    // this write took the users row first and the ingest's day total second, and deadlocked with them.
    return personTransaction(deps.db, deps.locking, row.id, async (trx) => {
      return recordDailyGoal(trx, row, localToday(clock.now(), row.time_zone), minutes)
    })
  }

  function nextNameChangeAt(row: UserRow, now: number): number | null {
    if (!row.display_name_changed_at) return null
    const next = Date.parse(row.display_name_changed_at) + COOLDOWN_MS
    return next > now ? next : null
  }

  function toView(row: UserRow): User {
    const now = clock.now()
    const next = nextNameChangeAt(row, now)
    const premium = row.is_premium === 1
    return {
      id: row.id,
      email: row.email,
      display_name: row.display_name,
      is_premium: premium,
      premium,
      can_change_display_name: premium && next === null,
      next_change_at: next === null ? null : new Date(next).toISOString(),
      daily_goal_minutes: row.daily_goal_minutes,
      is_admin: row.is_admin === 1,
      is_contributor: row.is_contributor === 1,
      time_zone: row.time_zone,
    }
  }

  return {
    toView,

    /** Keeps the newest valid zone the client reports; an unknown zone is ignored. */
    noteTimeZone(row: UserRow, zone: string | undefined): MaybePromise<UserRow> {
      // Synchronous when nothing changes, which is nearly always (the signed-in hot path).
      if (!zone || zone === row.time_zone || !isValidTimeZone(zone)) return row
      return users.setTimeZone(row.id, zone).then(() => ({ ...row, time_zone: zone }))
    },

    /**
     * `nameOf` parses the body's display_name (the route's schema, by the rules of contract/text-rules.ts),
     * called after the premium rule (a refusal comes before a word about the name); admins may take staff names.
     */
    async changeDisplayName(row: UserRow, nameOf: (staff: boolean) => string | null): Promise<User> {
      if (row.is_premium !== 1) {
        throw new ApiError(403, ERROR_CODES.premiumRequired, 'Changing your display name is a premium feature.')
      }
      const name = nameOf(row.is_admin === 1)
      if (name === row.display_name) return toView(row)
      const now = clock.now()
      const next = nextNameChangeAt(row, now)
      if (next !== null) {
        const nextIso = new Date(next).toISOString()
        throw new ApiError(429, ERROR_CODES.cooldown, `You can change your display name again on ${nextIso.slice(0, 10)}.`, {
          extra: { next_change_at: nextIso },
          headers: { 'Retry-After': String(Math.ceil((next - now) / 1000)) },
        })
      }
      return toView(await users.setDisplayName(row.id, name, new Date(now).toISOString()))
    },

    async setDailyGoal(row: UserRow, minutes: number): Promise<User> {
      return toView(await setGoal(row, minutes))
    },

    /**
     * Synchronous on SQLite (maybe-promise.ts): the app polls it. `known`: the seconds of a day read
     * with the session (auth.service.ts), used when that day is the user's today (the request's zone
     * is the user's, as it nearly always is, and the day has not turned); otherwise they are read.
     */
    dailyProgress(row: UserRow, known?: SecondsOnDay): MaybePromise<DailyProgress> {
      const date = localToday(clock.now(), row.time_zone)
      const watched = known?.day === date ? known.seconds : dailyTotals.watchSeconds(row.id, date)
      return andThen(watched, (seconds) => ({
        daily_goal_minutes: row.daily_goal_minutes,
        today_watch_seconds: Math.round(seconds),
        date,
      }))
    },
  }
}
