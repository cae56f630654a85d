/**
 * Users, sessions, sign-in codes, daily goals and totals and the admin user search on both engines:
 * the same calls, the same answers (test-support/test-databases.ts).
 */
import { expect, it } from 'vitest'
import { WATCH_DAY_MAX_SECONDS } from '../../../contract/index.ts'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { hotPathReadsFor } from '../db/dialect/hot-path.ts'
import { textSearchFor } from '../db/dialect/text-search.ts'
import { createAdminUsersRepository } from './admin-users.repository.ts'
import { createDailyGoalsRepository } from './daily-goals.repository.ts'
import { createDailyTotalsRepository } from './daily-totals.repository.ts'
import { createOtpCodesRepository } from './otp-codes.repository.ts'
import { createSessionsRepository } from './sessions.repository.ts'
import { createUsersRepository } from './users.repository.ts'

const NOW_ISO = '2026-01-01T00:00:00.000Z'

describeOnEachEngine((engine, database) => {
  it('users: creates once per address, records sign-ins (admin only ever granted), reads back flags as 0/1', async () => {
    const users = createUsersRepository(database().db)
    const lan = await users.create('lan@example.com', false, NOW_ISO)
    expect(lan).toMatchObject({ id: expect.any(Number), email: 'lan@example.com', is_admin: 0, is_premium: 0, daily_goal_minutes: 15, time_zone: 'UTC' })
    expect(await users.createOnce('lan@example.com', true, NOW_ISO)).toBeUndefined()
    expect((await users.recordSignIn(lan.id, true, '2026-01-02T00:00:00.000Z')).is_admin).toBe(1)
    expect((await users.recordSignIn(lan.id, false, '2026-01-03T00:00:00.000Z')).is_admin).toBe(1)
    await users.setTimeZone(lan.id, 'Asia/Ho_Chi_Minh')
    expect(await users.findByEmail('lan@example.com')).toMatchObject({ id: lan.id, time_zone: 'Asia/Ho_Chi_Minh', last_sign_in_at: '2026-01-03T00:00:00.000Z' })
    expect(await users.findById(lan.id + 1000)).toBeUndefined()
  })

  it('sessions: finds the user of an active session only, with its end as a number', async () => {
    const user = await createUsersRepository(database().db).create('s@example.com', false, NOW_ISO)
    const sessions = createSessionsRepository(database().db)
    await sessions.create('hash', user.id, 1_000, 2_000_000_000_000)
    expect(await sessions.findActive('hash', 1_500)).toMatchObject({ id: user.id, email: 's@example.com', session_expires_at: 2_000_000_000_000 })
    expect(await sessions.findActive('hash', 2_000_000_000_001)).toBeUndefined()
    await sessions.revoke('hash', 1_600)
    expect(await sessions.findActive('hash', 1_700)).toBeUndefined()
  })

  it('the hand-written hot path answers what the Kysely queries answer', async () => {
    const user = await createUsersRepository(database().db).create('hot@example.com', true, NOW_ISO)
    const hot = hotPathReadsFor(database())
    const kyselySessions = createSessionsRepository(database().db)
    const hotSessions = createSessionsRepository(database().db, hot)
    await kyselySessions.create('token', user.id, 1_000, 2_000_000_000_000)
    const kyselyTotals = createDailyTotalsRepository(database().db)
    const hotTotals = createDailyTotalsRepository(database().db, hot)
    await kyselyTotals.addSeconds(user.id, '2026-01-05', 125.4, 15)
    for (const now of [1_500, 2_000_000_000_000]) {
      expect(await hotSessions.findActive('token', now)).toEqual(await kyselySessions.findActive('token', now))
    }
    expect(await hotSessions.findActive('token', 1_500)).toMatchObject({ id: user.id, is_admin: 1, session_expires_at: 2_000_000_000_000 })
    // With a day's seconds in the same read: a day with a total, a day without, and an ended session.
    for (const [now, day] of [[1_500, '2026-01-05'], [1_500, '2026-01-06'], [2_000_000_000_000, '2026-01-05']] as const) {
      expect(await hotSessions.findActiveWithDay('token', now, day)).toEqual(await kyselySessions.findActiveWithDay('token', now, day))
    }
    expect(await hotSessions.findActiveWithDay('token', 1_500, '2026-01-05')).toEqual({ ...(await kyselySessions.findActive('token', 1_500)), day_watch_seconds: 125.4 })
    expect(await hotSessions.findActiveWithDay('token', 1_500, '2026-01-06')).toMatchObject({ id: user.id, day_watch_seconds: 0 })
    for (const day of ['2026-01-05', '2026-01-06']) {
      expect(await hotTotals.watchSeconds(user.id, day)).toBe(await kyselyTotals.watchSeconds(user.id, day))
    }
    expect(await hotTotals.watchSeconds(user.id, '2026-01-05')).toBe(125.4)
  })

  it('sign-in codes: counts as numbers, retires per network, uses a code once and never past its wrong tries', async () => {
    const codes = createOtpCodesRepository(database().db)
    expect(await codes.sentToAddressSince('a@example.com', 0)).toEqual({ count: 0, oldest: null })
    const first = await codes.replace('a@example.com', 'h1', '10.0.0.1', 1_000, 601_000)
    const other = await codes.replace('a@example.com', 'h2', '10.0.0.2', 2_000, 602_000)
    const second = await codes.replace('a@example.com', 'h3', '10.0.0.1', 3_000, 603_000)
    expect(await codes.sentToAddressSince('a@example.com', 0)).toEqual({ count: 3, oldest: 1_000 })
    expect(await codes.sentToPairSince('a@example.com', '10.0.0.1', 1_500)).toEqual({ count: 1, oldest: 3_000 })
    expect(await codes.sentFromIpSince('10.0.0.2', 0)).toEqual({ count: 1, oldest: 2_000 })
    expect((await codes.newestUnusedOfPair('a@example.com', '10.0.0.1'))?.id).toBe(second)
    expect((await codes.newestUnused('a@example.com'))?.id).toBe(second)
    expect(await codes.consume(first, 4_000, 5)).toBe('already_used')
    for (let i = 1; i <= 5; i++) expect(await codes.recordWrongTry(second)).toBe(i)
    expect(await codes.consume(second, 4_000, 5)).toBe('too_many_tries')
    expect(await codes.consume(other, 4_000, 5)).toBe('used')
    expect(await codes.consume(other, 4_001, 5)).toBe('already_used')
    expect(await codes.pruneOlderThan(2_500)).toBe(2)
  })

  it('daily goals and totals: the goal in force by day, seconds added up, the goal a day keeps', async () => {
    const user = await createUsersRepository(database().db).create('d@example.com', false, NOW_ISO)
    const goals = createDailyGoalsRepository(database().db)
    const totals = createDailyTotalsRepository(database().db)
    await goals.recordChange(user.id, '2026-01-05', 45)
    await goals.recordChange(user.id, '2026-01-05', 10)
    expect([await goals.inForceOn(user.id, '2026-01-04'), await goals.inForceOn(user.id, '2026-01-05'), await goals.inForceOn(user.id, '2026-02-01')]).toEqual([15, 10, 10])
    await totals.addSeconds(user.id, '2026-01-05', 12.5, 10)
    await totals.addSeconds(user.id, '2026-01-05', 30, 99)
    await totals.recordGoalForDay(user.id, '2026-01-06', 20)
    expect(await totals.watchSeconds(user.id, '2026-01-05')).toBe(42.5)
    expect(await totals.watchSeconds(user.id, '2026-01-07')).toBe(0)
    // No day holds more than a day.
    await totals.addSeconds(user.id, '2026-01-08', WATCH_DAY_MAX_SECONDS + 5, 15)
    await totals.addSeconds(user.id, '2026-01-09', WATCH_DAY_MAX_SECONDS - 10, 15)
    await totals.addSeconds(user.id, '2026-01-09', 60, 15)
    expect([await totals.watchSeconds(user.id, '2026-01-08'), await totals.watchSeconds(user.id, '2026-01-09')]).toEqual([WATCH_DAY_MAX_SECONDS, WATCH_DAY_MAX_SECONDS])
    expect((await totals.allForUser(user.id)).slice(0, 2)).toEqual([
      { day: '2026-01-05', watch_seconds: 42.5, listen_seconds: 0, goal_minutes: 10 },
      { day: '2026-01-06', watch_seconds: 0, listen_seconds: 0, goal_minutes: 20 },
    ])
  })

  it('admin users: searches e-mail and name blind to case and accents, short text too, and pages newest first', async () => {
    const users = createUsersRepository(database().db)
    const pho = await users.create('pho@example.com', false, '2026-01-01T00:00:00.000Z')
    const lan = await users.create('lan@example.com', false, '2026-01-02T00:00:00.000Z')
    const percent = await users.create('x_100%@example.com', false, '2026-01-03T00:00:00.000Z')
    const admin = createAdminUsersRepository(database().db, textSearchFor(database().engine))
    await admin.rename(lan.id, 'Nguyễn Thị Phở')
    const ids = async (q?: string, after?: { created: string; id: number }) => (await admin.list({ q, after, limit: 10 })).map((row) => row.id)
    expect(await ids()).toEqual([percent.id, lan.id, pho.id])
    expect(await ids('PHO')).toEqual([lan.id, pho.id])
    expect(await ids('phở')).toEqual([lan.id, pho.id])
    expect(await ids('la')).toEqual([lan.id])
    expect(await ids('_1')).toEqual([percent.id])
    expect(await ids('%')).toEqual([percent.id])
    expect(await ids(undefined, { created: '2026-01-02T00:00:00.000Z', id: lan.id })).toEqual([pho.id])
    expect((await admin.setContributor(pho.id, true))?.is_contributor).toBe(1)
    expect(await admin.rename(999_999, 'Nobody')).toBeUndefined()
  })
})
