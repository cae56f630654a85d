import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISPLAY_NAME_COOLDOWN_DAYS } from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { updateUser } from '../../test-support/users.ts'

let server: TestServer
let counter = 0
const DAY_MS = 86_400_000

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})
afterAll(() => server.close())

async function newLearner(options: { premium?: boolean; zone?: string } = {}) {
  const email = `me${++counter}@example.com`
  const headers: Record<string, string> = options.zone ? { 'x-time-zone': options.zone } : {}
  const { token, user } = await signIn(server, email, headers)
  if (options.premium) await updateUser(server, user.id, { is_premium: 1 })
  return { token, id: user.id, email, api: apiClient(server.api, { token, headers }) }
}

describe('GET /me', () => {
  it('answers the user itself with every field of the contract', async () => {
    const { api, email } = await newLearner()
    const me = await api.get('/me')
    expect(me.status).toBe(200)
    expect(me.body).toEqual({
      id: expect.any(Number),
      email,
      display_name: null,
      is_premium: false,
      premium: false,
      can_change_display_name: false,
      next_change_at: null,
      daily_goal_minutes: 15,
      is_admin: false,
      is_contributor: false,
      time_zone: 'UTC',
    })
  })

  it('answers 401 on every signed-in call without a token, with a bad one, or with a malformed header', async () => {
    const anonymous = apiClient(server.api)
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/me', undefined],
      ['PATCH', '/me/display_name', { display_name: 'Lan' }],
      ['PATCH', '/me/daily_goal', { daily_goal_minutes: 30 }],
      ['PATCH', '/me', { user: { daily_goal_minutes: 30 } }],
      ['GET', '/me/daily_progress', undefined],
      ['POST', '/user_feedbacks', { user_feedback: { feedback: 'Ten chars!!' } }],
      ['POST', '/auth/logout', undefined],
    ]
    for (const [method, path, body] of calls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-real-token-at-all-123456' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
        const response = await anonymous.call(method, path, { body, headers })
        expect(response.status, `${method} ${path}`).toBe(401)
        expect(response.body).toMatchObject({ error: 'unauthorized', message: 'Authentication required' })
      }
    }
  })
})

describe('PATCH /me/display_name', () => {
  it('is premium only', async () => {
    const { api } = await newLearner()
    const response = await api.patch('/me/display_name', { display_name: 'Lan Anh' })
    expect(response.status).toBe(403)
    expect(response.body.error).toBe('premium_required')
  })

  it('trims and takes 3 to 32 characters, refusing 2 and 33', async () => {
    const cases: Array<[string, number]> = [
      ['ab', 422],
      ['  ab  ', 422],
      ['abc', 200],
      ['a'.repeat(32), 200],
      ['a'.repeat(33), 422],
      ['Nguyễn Thị Lan', 200],
      ['  Lan.Anh_99-x  ', 200],
    ]
    for (const [name, status] of cases) {
      const { api } = await newLearner({ premium: true })
      const response = await api.patch('/me/display_name', { display_name: name })
      expect(response.status, JSON.stringify(name)).toBe(status)
      if (status === 200) expect(response.body.data.display_name).toBe(name.trim())
      else expect(response.body.errors[0]).toMatch(/3 to 32 characters/)
    }
  })

  it('refuses characters other than letters, digits, space, dot, underscore and hyphen', async () => {
    for (const name of ['Lan!', '<script>', 'Lan@home', 'a/b/c', 'Lan 😀']) {
      const { api } = await newLearner({ premium: true })
      const response = await api.patch('/me/display_name', { display_name: name })
      expect(response.status, name).toBe(422)
      expect(response.body.errors[0]).toMatch(/letters, digits/)
    }
  })

  it('starts a 30-day cooldown; the same name is a no-op that leaves it alone; after 30 days it opens again', async () => {
    const { api } = await newLearner({ premium: true })
    const first = await api.patch('/me/display_name', { display_name: 'Lan' })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ display_name: 'Lan', can_change_display_name: false })
    const nextChangeAt = Date.parse(first.body.data.next_change_at)
    expect(nextChangeAt - Date.now()).toBeGreaterThan((DISPLAY_NAME_COOLDOWN_DAYS - 1) * DAY_MS)

    const same = await api.patch('/me/display_name', { display_name: ' Lan ' })
    expect(same.status).toBe(200)
    expect(same.body.data.next_change_at).toBe(first.body.data.next_change_at)

    const blocked = await api.patch('/me/display_name', { display_name: 'Lan Anh' })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toMatchObject({ error: 'cooldown', next_change_at: first.body.data.next_change_at })

    server.clock.advance(DISPLAY_NAME_COOLDOWN_DAYS * DAY_MS - 60_000)
    expect((await api.patch('/me/display_name', { display_name: 'Lan Anh' })).status).toBe(429)
    server.clock.advance(120_000)
    const me = await api.get('/me')
    expect(me.body).toMatchObject({ can_change_display_name: true, next_change_at: null })
    const later = await api.patch('/me/display_name', { display_name: 'Lan Anh' })
    expect(later.status).toBe(200)
    expect(later.body.data.display_name).toBe('Lan Anh')
  })

  it('accepts null to remove the name, and refuses other types', async () => {
    const { api } = await newLearner({ premium: true })
    expect((await api.patch('/me/display_name', { display_name: 42 })).status).toBe(422)
    expect((await api.patch('/me/display_name', {})).status).toBe(422)
    const cleared = await api.patch('/me/display_name', { display_name: null })
    expect(cleared.status).toBe(200) // no name before: the same, a no-op
    expect(cleared.body.data.display_name).toBeNull()
  })
})

describe('daily goal', () => {
  it('takes a whole number of minutes from 1 to 720 on both calls, and nothing else', async () => {
    const { api } = await newLearner()
    const cases: Array<[unknown, number]> = [
      [0, 422],
      [1, 200],
      [720, 200],
      [721, 422],
      [15.5, 422],
      ['30', 422],
      [null, 422],
      [-5, 422],
      [30, 200],
    ]
    for (const [minutes, status] of cases) {
      expect((await api.patch('/me/daily_goal', { daily_goal_minutes: minutes })).status, String(minutes)).toBe(status)
      expect((await api.patch('/me', { user: { daily_goal_minutes: minutes } })).status, `fallback ${minutes}`).toBe(status)
    }
    const me = await api.get('/me')
    expect(me.body.daily_goal_minutes).toBe(30)
    const viaFallback = await api.patch('/me', { user: { daily_goal_minutes: 60 } })
    expect(viaFallback.body.data.daily_goal_minutes).toBe(60)
  })
})

describe('GET /me/daily_progress', () => {
  it("answers today's date in the user's X-Time-Zone, the goal, and the seconds watched today", async () => {
    const { api, id } = await newLearner({ zone: 'Pacific/Kiritimati' })
    const progress = await api.get('/me/daily_progress')
    expect(progress.status).toBe(200)
    const expectedDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(server.clock.now())
    expect(progress.body).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 0, date: expectedDay })

    await server.ctx.database.db
      .insertInto('daily_totals')
      .values({ user_id: id, day: expectedDay, watch_seconds: 125.4, goal_minutes: 15 })
      .execute()
    expect((await api.get('/me/daily_progress')).body.today_watch_seconds).toBe(125)
  })

  it("answers the day of the zone the learner is in now: moved to another zone, back, and with no zone sent", async () => {
    const { token, id } = await newLearner({ zone: 'Pacific/Kiritimati' })
    // UTC+14 and UTC-11: never the same date.
    const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(server.clock.now())
    const east = dayIn('Pacific/Kiritimati')
    const west = dayIn('Pacific/Pago_Pago')
    await server.ctx.database.db
      .insertInto('daily_totals')
      .values([
        { user_id: id, day: east, watch_seconds: 600, goal_minutes: 15 },
        { user_id: id, day: west, watch_seconds: 300, goal_minutes: 15 },
      ])
      .execute()
    const inZone = (zone?: string) => apiClient(server.api, { token, headers: zone ? { 'x-time-zone': zone } : {} })
    expect((await inZone('Pacific/Pago_Pago').get('/me/daily_progress')).body).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 300, date: west })
    // No zone sent: the one sent last stands.
    expect((await inZone().get('/me/daily_progress')).body).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 300, date: west })
    expect((await inZone('Pacific/Kiritimati').get('/me/daily_progress')).body).toEqual({ daily_goal_minutes: 15, today_watch_seconds: 600, date: east })
  })

  it('keeps the last valid zone and ignores an unknown one', async () => {
    const { token } = await newLearner({ zone: 'Asia/Ho_Chi_Minh' })
    const bogus = apiClient(server.api, { token, headers: { 'x-time-zone': 'Mars/Olympus_Mons' } })
    const me = await bogus.get('/me')
    expect(me.body.time_zone).toBe('Asia/Ho_Chi_Minh')
    const progress = await bogus.get('/me/daily_progress')
    expect(progress.body.date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(server.clock.now()))
  })
})

describe('names that show nothing or pass for staff', () => {
  it('are refused with 422 on every path that sets a name, while Vietnamese names with tone marks are kept', async () => {
    const { api } = await newLearner({ premium: true })
    const refused = ['\u3164\u3164\u3164', '\u200B\u200B\u200B', 'аdmin', 'ａｄｍｉｎ', 'a' + '\u0301'.repeat(31), 'Dễ Hiểu', 'Lan\u202Eanh']
    // Issue 45: a staff word anywhere in the name, through its look-alikes.
    refused.push('Dehieu Support', 'DeHieu Staff', 'Admin Team', 'Official Dễ Hiểu', 'Adm1n', 'adrnin', 'm0derator')
    for (const name of refused) {
      for (const [path, body] of [
        ['/me/display_name', { display_name: name }],
        ['/me', { user: { display_name: name } }],
      ] as const) {
        const response = await api.patch(path, body)
        expect(response.status, `${path} ${JSON.stringify(name)}`).toBe(422)
        expect(response.body.error).toBe('validation_failed')
      }
    }
    expect((await api.get('/me')).body.display_name).toBeNull()

    const decomposed = await api.patch('/me/display_name', { display_name: 'Nguyễn Thị Ngọc Ánh'.normalize('NFD') })
    expect(decomposed.status).toBe(200)
    expect(decomposed.body.data.display_name).toBe('Nguyễn Thị Ngọc Ánh'.normalize('NFC'))
    // A staff word inside a word, or a name that only sounds like ours (one learner each: a name has a cooldown).
    for (const name of ['Badminton', 'Lê Đệ Hiếu Anh']) {
      const other = await newLearner({ premium: true })
      expect((await other.api.patch('/me/display_name', { display_name: name })).status, name).toBe(200)
    }
  })

  it('PATCH /me sets a name under the same premium rule as /me/display_name', async () => {
    const { api } = await newLearner()
    const refused = await api.patch('/me', { user: { display_name: 'Nguyễn Lan', daily_goal_minutes: 30 } })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('premium_required')
    expect((await api.get('/me')).body.daily_goal_minutes).toBe(15) // nothing half-applied
  })
})

