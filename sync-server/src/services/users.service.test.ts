import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { localToday } from '../rules/time-zones.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('daily progress from the seconds read with the session', () => {
  it('uses them for the day they were read for, and reads today when the day turned in between', async () => {
    const { repositories, services, database } = server.ctx
    const row = await repositories.users.create('progress@example.com', false, new Date(server.clock.now()).toISOString())
    const today = localToday(server.clock.now(), row.time_zone)
    await database.db.insertInto('daily_totals').values({ user_id: row.id, day: today, watch_seconds: 300, goal_minutes: 15 }).execute()

    // Read with the session for today: used as it is, not read again.
    expect(await services.users.dailyProgress(row, { day: today, seconds: 420.4 })).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 420, date: today })
    // Read for yesterday just before midnight: today's own total is read instead.
    expect(await services.users.dailyProgress(row, { day: '2000-01-01', seconds: 999 })).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 300, date: today })
    expect(await services.users.dailyProgress(row)).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 300, date: today })
  })
})
