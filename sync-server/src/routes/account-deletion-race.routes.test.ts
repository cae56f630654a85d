/**
 * Deleting an account while the person's other device is still syncing (issue 29, items 2 and 3): the
 * writes racing the deletion either land before it (and are erased with the rest) or find the account
 * gone (401), on both engines, whichever connection or thread writes. No request answers 5xx: the
 * writers of a person's rows take the person's lock first, in one order, so none deadlocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { PERSONAL_TABLES } from '../db/personal-data.ts'
import { makePremium, seedVideo, watchEvent } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { DELETION_CODE } from '../../test-support/smtp-capture.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const LIMITS = { OTP_SENDS_PER_IP_PER_HOUR: '1000', OTP_SENDS_PER_ADDRESS_IP_PER_HOUR: '100', OTP_SENDS_PER_ADDRESS_PER_HOUR: '100' }
/** People deleting at the same time, each with a second device syncing. */
const PEOPLE = 3
/** Rounds of syncing the second device sends before the first confirms the deletion. */
const ROUNDS_BEFORE = 2

let server: TestServer
let videoId: number

beforeAll(async () => {
  server = await startTestServer({ env: LIMITS })
  videoId = await seedVideo(server, { duration: 3600 })
})
afterAll(() => server.close())

/** What is left of the person in the tables their deletion erases, by table. */
async function leftOf(userId: number, email: string): Promise<Record<string, number>> {
  const db = server.ctx.database.db as unknown as import('kysely').Kysely<any>
  const left: Record<string, number> = {}
  for (const spec of PERSONAL_TABLES) {
    if (spec.onDelete !== 'erase') continue
    const rows = await db
      .selectFrom(spec.table)
      .select(db.fn.countAll<number>().as('n'))
      .where(spec.owner, '=', spec.owner === 'user_id' ? userId : email)
      .executeTakeFirstOrThrow()
    if (Number(rows.n) > 0) left[spec.table] = Number(rows.n)
  }
  return left
}

/**
 * One person: device A asks for the code; device B syncs watch events (three batches in flight at
 * once), outside hours, goal changes and word states in a loop; A confirms the deletion while B is at it; B keeps
 * going until every kind of write it sends has been refused.
 */
async function deleteWhileSyncing(n: number) {
  const email = `racer${n}@example.com`
  const a = await signIn(server, email)
  const b = await signIn(server, email)
  const deviceA = apiClient(server.api, { token: a.token })
  const deviceB = apiClient(server.api, { token: b.token })
  const since = server.smtp.mails.length
  expect((await deviceA.post('/me/delete/code')).status).toBe(202)
  const code = await server.smtp.waitForCode(email, { since, pattern: DELETION_CODE })

  const statuses: number[] = []
  let slot = 0
  // Each event a stretch of its own, going back from now: all new time.
  const events = () =>
    Array.from({ length: 40 }, () => watchEvent(server, videoId, { occurred_at: new Date(server.clock.now() - 11_000 * ++slot).toISOString() }))
  let rounds = 0
  let deleted = false
  const refused = new Set<string>()
  const kinds = {
    watch: () => deviceB.post('/watch_events', { events: events() }),
    outside: () =>
      deviceB.post('/me/outside_hours', {
        entry: { client_id: uuidv7(), date: new Date(server.clock.now() - (rounds % 300) * 86_400_000).toISOString().slice(0, 10), minutes: 1, type: 'listening', note: '' },
      }),
    goal: () => deviceB.patch('/me/daily_goal', { daily_goal_minutes: 10 + (rounds % 50) }),
    words: () =>
      deviceB.post('/word_states', {
        states: ['cảm ơn', 'xin chào', 'bạn'].map((key, i) => ({ client_id: uuidv7(), language: 'vi', key, state: i % 2 ? 'known' : 'learning', occurred_at: new Date(server.clock.now() - rounds * 1000).toISOString() })),
      }),
  }
  let firstRounds: () => void = () => {}
  const ready = new Promise<void>((resolve) => (firstRounds = resolve))
  const syncing = (async () => {
    // Until every kind has been refused after the deletion, and a few rounds at most after it.
    for (let after = 0; !(deleted && (refused.size === Object.keys(kinds).length || after > 20)); after += deleted ? 1 : 0) {
      const sent = Object.entries(kinds).flatMap(([kind, send]) => (kind === 'watch' ? [send(), send(), send()] : [send()]).map((answer) => answer.then((r) => [kind, r.status] as const)))
      for (const [kind, status] of await Promise.all(sent)) {
        statuses.push(status)
        if (status === 401) refused.add(kind)
      }
      if (++rounds === ROUNDS_BEFORE) firstRounds()
    }
  })()
  await ready
  const deletion = await deviceA.post('/me/delete', { otp: code })
  deleted = true
  await syncing
  return { id: a.user.id, email, deletion: deletion.status, statuses, refused }
}

describe('deleting an account while another device of the person is still syncing', () => {
  it(`leaves nothing of the person behind, ${PEOPLE} people deleting at once, and no request answers 5xx`, async () => {
    const outcomes = await Promise.all(Array.from({ length: PEOPLE }, (_, n) => deleteWhileSyncing(n)))
    for (const outcome of outcomes) {
      expect(outcome.deletion).toBe(204)
      expect(outcome.statuses.filter((status) => status >= 500)).toEqual([])
      // Every write of the second device was refused once the account was gone.
      expect([...outcome.refused].sort()).toEqual(['goal', 'outside', 'watch', 'words'])
      expect(await leftOf(outcome.id, outcome.email)).toEqual({})
      // The emptied account row keeps nothing of the person either (the goal they set last, say).
      const row = await server.ctx.database.db.selectFrom('users').selectAll().where('id', '=', outcome.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ email: `deleted:${outcome.id}`, daily_goal_minutes: 15, time_zone: 'UTC' })
    }
  })
})

describe("a person's own devices writing at once", () => {
  it('never answer 5xx: goal changes, watching, outside hours, comments and feedback from three devices together', async () => {
    const email = 'busy@example.com'
    const devices: ReturnType<typeof apiClient>[] = []
    // One after the other: a new code replaces the one before.
    for (let d = 0; d < 3; d++) {
      const session = await signIn(server, email)
      devices.push(apiClient(server.api, { token: session.token }))
      if (d === 0) await makePremium(server, session.user.id) // comments are for premium members
    }
    let slot = 0
    const statuses: number[] = []
    for (let round = 0; round < 6; round++) {
      const sent = devices.flatMap((device, d) => [
        device.patch('/me/daily_goal', { daily_goal_minutes: 10 + d + round }),
        device.post('/watch_events', {
          events: Array.from({ length: 30 }, () => watchEvent(server, videoId, { occurred_at: new Date(server.clock.now() - 11_000 * ++slot).toISOString() })),
        }),
        device.post('/me/outside_hours', { entry: { client_id: uuidv7(), date: new Date(server.clock.now() - (round * 3 + d) * 86_400_000).toISOString().slice(0, 10), minutes: 5, type: 'talking', note: '' } }),
        device.post(`/videos/${videoId}/comments`, { comment: { text: `Vòng ${round}`, client_id: uuidv7() } }),
        device.post('/user_feedbacks', { user_feedback: { feedback: `Round ${round} from device ${d}.`, client_id: uuidv7() } }),
      ])
      statuses.push(...(await Promise.all(sent)).map((answer) => answer.status))
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(new Set(statuses)).toEqual(new Set([200, 201]))
  })
})
