import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const DAY_MS = 86_400_000
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})
afterAll(async () => {
  server.clock.reset()
  await server.close()
})

const dayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10)

/** `minutes` of play ending at `end` (on the same UTC day), as the outbox sends it: one event a minute. */
function minutesOn(video: number, end: number, minutes: number, startAt = 0) {
  return Array.from({ length: minutes }, (_, i) =>
    watchEvent(server, video, {
      position_from: (startAt + i) * 60,
      position_to: (startAt + i + 1) * 60,
      watched_seconds: 60,
      occurred_at: new Date(end - (minutes - i) * 60_000).toISOString(),
    }),
  )
}

describe('the goal in force that day', () => {
  it('judges each day, also one whose watch time arrives late, by the goal in force that day', async () => {
    // Four days from now, at noon UTC: days stay whole whatever the real time is.
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS + 4 * DAY_MS + 12 * 3_600_000
    const video = await seedVideo(server, { duration: 7200 })

    server.clock.travelTo(today - 4 * DAY_MS)
    const { token } = await signIn(server, 'goals@example.com', { 'x-time-zone': 'UTC' })
    const api = apiClient(server.api, { token, headers: { 'x-time-zone': 'UTC' } })

    // Two days ago: the first change (45, then 10 the same day: the last one of a day rules it), and
    // 10 minutes watched that day.
    server.clock.travelTo(today - 2 * DAY_MS)
    expect((await api.patch('/me/daily_goal', { daily_goal_minutes: 45 })).status).toBe(200)
    expect((await api.patch('/me/daily_goal', { daily_goal_minutes: 10 })).status).toBe(200)
    const first = await api.post('/watch_events', { events: minutesOn(video, today - 2 * DAY_MS, 10) })
    expect(first.body.data.accepted).toHaveLength(10)

    // Today: the goal goes to 30, then the outbox delivers what was played offline earlier: yesterday
    // (goal 10 then), three and four days ago (before any change: the default 15), and today.
    server.clock.travelTo(today)
    expect((await api.patch('/me/daily_goal', { daily_goal_minutes: 30 })).status).toBe(200)
    const events = [
      ...minutesOn(video, today - 4 * DAY_MS, 10, 0),
      ...minutesOn(video, today - 3 * DAY_MS, 15, 10),
      ...minutesOn(video, today - 1 * DAY_MS, 10, 25),
      ...minutesOn(video, today - 30 * 60_000, 20, 35),
    ]
    const late = await api.post('/watch_events', { events })
    expect(late.body.data).toMatchObject({ duplicate: [], rejected: [] })
    expect(late.body.data.accepted).toHaveLength(events.length)

    const progress = (await api.get('/me/progress')).body.data
    const byDate = new Map((progress.days as Array<{ date: string }>).map((day) => [day.date, day]))
    // Five days ago nothing was watched: the day shows the goal in force then (the default), not today's.
    expect(byDate.get(dayOf(today - 5 * DAY_MS))).toEqual({ date: dayOf(today - 5 * DAY_MS), watch_seconds: 0, listen_seconds: 0, goal_minutes: 15, goal_met: false })
    expect(byDate.get(dayOf(today - 4 * DAY_MS))).toEqual({ date: dayOf(today - 4 * DAY_MS), watch_seconds: 600, listen_seconds: 0, goal_minutes: 15, goal_met: false })
    expect(byDate.get(dayOf(today - 3 * DAY_MS))).toEqual({ date: dayOf(today - 3 * DAY_MS), watch_seconds: 900, listen_seconds: 0, goal_minutes: 15, goal_met: true })
    expect(byDate.get(dayOf(today - 2 * DAY_MS))).toEqual({ date: dayOf(today - 2 * DAY_MS), watch_seconds: 600, listen_seconds: 0, goal_minutes: 10, goal_met: true })
    expect(byDate.get(dayOf(today - DAY_MS))).toEqual({ date: dayOf(today - DAY_MS), watch_seconds: 600, listen_seconds: 0, goal_minutes: 10, goal_met: true })
    expect(byDate.get(dayOf(today))).toEqual({ date: dayOf(today), watch_seconds: 1200, listen_seconds: 0, goal_minutes: 30, goal_met: false })
    // Three days met in a row up to yesterday; today, unmet yet, does not break the streak.
    expect(progress.current_streak_days).toBe(3)
    expect(progress.longest_streak_days).toBe(3)
    expect(progress.daily_goal_minutes).toBe(30)
    expect((await api.get('/me/daily_progress')).body).toEqual({ daily_goal_minutes: 30, today_watch_seconds: 1200, date: dayOf(today) })

    // Ten more minutes today meet today's goal of 30: the streak is four days.
    await api.post('/watch_events', { events: minutesOn(video, today, 10, 55) })
    const after = (await api.get('/me/progress')).body.data
    expect(after.current_streak_days).toBe(4)
    expect(after.days.at(-1)).toEqual({ date: dayOf(today), watch_seconds: 1800, listen_seconds: 0, goal_minutes: 30, goal_met: true })
  })
})
