import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OTP_MAX_WRONG_TRIES } from '../../../contract/index.ts'
import { TABLES_IN_REFERENCE_ORDER, type Database } from '../db/schema.ts'
import { DELETED_COMMENT_TEXT } from '../repositories/account-deletion.repository.ts'
import { displayNameOf, personWithEverything, type Person } from '../../test-support/account-fixtures.ts'
import { updateUser } from '../../test-support/users.ts'
import { makeHlsFixture } from '../../test-support/hls-fixture.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { DELETION_CODE } from '../../test-support/smtp-capture.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const LIMITS = { OTP_SENDS_PER_IP_PER_HOUR: '1000', OTP_SENDS_PER_ADDRESS_IP_PER_HOUR: '100', OTP_SENDS_PER_ADDRESS_PER_HOUR: '100' }

async function mailedDeletionCode(server: TestServer, person: { email: string; api: ReturnType<typeof apiClient> }) {
  const since = server.smtp.mails.length
  const asked = await person.api.post('/me/delete/code')
  expect(asked).toMatchObject({ status: 202, body: { data: { sent: true } } })
  return server.smtp.waitForCode(person.email, { since, pattern: DELETION_CODE })
}

type Snapshot = Record<string, Record<string, unknown>[]>
async function snapshot(server: TestServer): Promise<Snapshot> {
   
  const db = server.ctx.database.db as any
  const all: Snapshot = {}
  for (const table of TABLES_IN_REFERENCE_ORDER) all[table] = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[]
  return all
}
/** Rows of `before` not in `after` (removed or changed), and rows of `after` not in `before` (added or changed). */
function difference(before: Record<string, unknown>[], after: Record<string, unknown>[]) {
  const key = (row: Record<string, unknown>) => JSON.stringify(row)
  const beforeKeys = new Set(before.map(key))
  const afterKeys = new Set(after.map(key))
  return { gone: before.filter((row) => !afterKeys.has(key(row))), added: after.filter((row) => !beforeKeys.has(key(row))) }
}

describe('deleting an account', () => {
  let server: TestServer
  let lan: Person
  let minh: Person
  let mediaKey: string

  beforeAll(async () => {
    server = await startTestServer({ env: LIMITS })
    mediaKey = makeHlsFixture(server.dataDir)
    lan = await personWithEverything(server, 'lan.delete@example.com', { publishedMediaKey: mediaKey })
    minh = await personWithEverything(server, 'minh.delete@example.com', { videoId: lan.videoId })
  })
  afterAll(() => server.close())

  it('refuses without the mailed deletion code: a sign-in code does not delete, a deletion code does not sign in', async () => {
    const person = await personWithEverything(server, 'careful@example.com')
    const deletionCode = await mailedDeletionCode(server, person)
    // The mail is not a sign-in mail.
    expect(server.smtp.mails.at(-1)!.raw).not.toMatch(/sign-in code is/)
    const since = server.smtp.mails.length
    await apiClient(server.api).post('/auth/register', { email: person.email })
    const signInCode = await server.smtp.waitForCode(person.email, { since })
    // 403, not 401: a wrong code must not read as "your session ended".
    expect((await person.api.post('/me/delete', { otp: signInCode === deletionCode ? '000000' : signInCode })).body).toMatchObject({ error: 'invalid_code' })
    expect((await person.api.post('/me/delete', { otp: signInCode === deletionCode ? '000000' : signInCode })).status).toBe(403)
    const verify = await apiClient(server.api).post('/auth/verify', { email: person.email, otp: deletionCode === signInCode ? '000000' : deletionCode })
    expect(verify.status).toBe(401)
    expect((await person.api.post('/me/delete', { otp: '12' })).status).toBe(422)
    expect((await apiClient(server.api).post('/me/delete', { otp: deletionCode })).status).toBe(401)
    expect((await apiClient(server.api).post('/me/delete/code')).status).toBe(401)
    // Still there: the right code was never used.
    expect((await person.api.get('/me')).status).toBe(200)
    expect((await person.api.post('/me/delete', { otp: deletionCode })).status).toBe(204)
    expect((await person.api.get('/me')).status).toBe(401)
  })

  it(`kills a code after ${OTP_MAX_WRONG_TRIES} wrong tries (429, even for the right code) and limits how many are sent`, async () => {
    const person = await personWithEverything(server, 'guesser@example.com')
    const code = await mailedDeletionCode(server, person)
    const wrong = code === '111111' ? '222222' : '111111'
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) expect((await person.api.post('/me/delete', { otp: wrong })).status).toBe(403)
    const refused = await person.api.post('/me/delete', { otp: code })
    expect(refused.status).toBe(429)
    expect((await person.api.get('/me')).status).toBe(200)
    for (let i = 1; i < 5; i++) expect((await person.api.post('/me/delete/code')).status).toBe(202)
    const limited = await person.api.post('/me/delete/code')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('erases what the contract lists and nothing else, table by table; the token is 401; the published video plays on', async () => {
    const extraSession = await signIn(server, lan.email)
    // Before: the video credits her by name (and the cook it features, who has no account).
    expect((await minh.api.get(`/videos/${lan.publishedVideoId}`)).body.data.creators).toEqual(
      expect.arrayContaining([{ display_name: displayNameOf(lan.email) }, { display_name: null }]),
    )
    const before = await snapshot(server)
    const code = await mailedDeletionCode(server, lan)
    const during = await snapshot(server) // the code just sent is a row too
    expect((await lan.api.post('/me/delete', { otp: code })).status).toBe(204)
    const after = await snapshot(server)

    expect((await lan.api.get('/me')).status).toBe(401)
    expect((await apiClient(server.api, { token: extraSession.token }).get('/me')).status).toBe(401)

    const mine = (row: Record<string, unknown>) => row.user_id === lan.id || row.email === lan.email
    type Change = { gone: Record<string, unknown>[]; added: Record<string, unknown>[] }
    const expectations: Partial<Record<keyof Database, (change: Change) => void>> = {
      users: ({ gone, added }) => {
        expect(gone).toEqual([expect.objectContaining({ id: lan.id, email: lan.email })])
        expect(added).toEqual([
          expect.objectContaining({ id: lan.id, email: `deleted:${lan.id}`, display_name: null, is_premium: 0, is_admin: 0, is_contributor: 0, last_sign_in_at: null, deleted_at: expect.any(String) }),
        ])
      },
      comments: ({ gone, added }) => {
        expect(gone).toEqual([expect.objectContaining({ id: lan.commentId, text: `Hay quá! (${lan.email})` })])
        expect(added).toEqual([{ ...gone[0], text: DELETED_COMMENT_TEXT }])
      },
      submissions: ({ gone, added }) => {
        // The draft goes; the published submission stays, unchanged.
        expect(gone).toEqual([expect.objectContaining({ user_id: lan.id, title: `Draft of ${lan.email}`, published_video_id: null })])
        expect(added).toEqual([])
      },
      user_feedbacks: ({ gone, added }) => {
        // Kept as it was: the emptied account row holds no address and no name.
        expect(gone).toEqual([])
        expect(added).toEqual([])
      },
      videos: ({ gone, added }) => {
        // Only the video she rated changes: its difficulty sums drop her rating (ratings.forgetLearner).
        expect(gone).toEqual([expect.objectContaining({ id: lan.ratedVideoId, rating_count: 1 })])
        expect(added).toEqual([{ ...gone[0], rating_count: 0, rating_evidence_sum: 0 }])
      },
      submission_creators: ({ gone, added }) => {
        expect(gone).toEqual([{ submission_id: lan.submissionId, email: lan.email }])
        expect(added).toEqual([])
      },
    }
    for (const table of TABLES_IN_REFERENCE_ORDER) {
      const change = difference(table === 'account_deletion_codes' || table === 'otp_codes' ? during[table] : before[table], after[table])
      const check = expectations[table]
      if (check) check(change)
      else {
        // Every other table: exactly Lan's rows gone (none for tables that hold none of hers), nothing added.
        const hers = (table === 'account_deletion_codes' || table === 'otp_codes' ? during : before)[table].filter(mine)
        expect(change.gone, table).toEqual(hers)
        expect(change.added, table).toEqual([])
      }
    }
    // The tables the contract names are among those emptied of her.
    for (const table of ['sessions', 'watch_events', 'daily_totals', 'outside_hours', 'subscriptions', 'contributor_applications', 'waitlist'] as const) {
      expect(before[table].filter(mine).length, table).toBeGreaterThan(0)
      expect(after[table].filter(mine), table).toEqual([])
    }
    // Feedback stays, unlinked from her: its sender is the emptied account.
    expect(after.user_feedbacks.find((row) => row.id === lan.feedbackId)).toMatchObject({ feedback: `Feedback from ${lan.email}, thanks.` })
    // Minh's rows are all there.
    for (const table of TABLES_IN_REFERENCE_ORDER) {
      const his = (row: Record<string, unknown>) => row.user_id === minh.id || row.email === minh.email
      expect(after[table].filter(his), table).toEqual(before[table].filter(his))
    }

    // Her published video plays on for others, credited to nobody.
    const video = await minh.api.get(`/videos/${lan.publishedVideoId}`)
    expect(video.status).toBe(200)
    expect(video.body.data).toMatchObject({ can_watch: 'full', creators: [{ display_name: null }] })
    const master = await fetch(`${server.baseUrl}${video.body.data.playback.hls_url}`)
    expect(master.status).toBe(200)
    expect(await master.text()).toContain('#EXTM3U')
    // Her application's video file is gone with its row; the admin list no longer shows her.
    for (const row of before.contributor_applications.filter(mine)) expect(fs.existsSync(path.join(server.dataDir, 'applications', String(row.video_file)))).toBe(false)
    expect(before.contributor_applications.filter(mine).length).toBeGreaterThan(0)
    const adminToken = (await signIn(server, 'admin.delete@example.com')).token
    await updateUser(server, (await server.ctx.repositories.users.findByEmail('admin.delete@example.com'))!.id, { is_admin: 1 })
    const listed = (await apiClient(server.api, { token: adminToken }).get('/admin/users?limit=200')).body.data.map((user: { id: number }) => user.id)
    expect(listed).toContain(minh.id)
    expect(listed).not.toContain(lan.id)
    // Her comment keeps its place in the thread.
    const thread = await minh.api.get(`/videos/${lan.videoId}/comments`)
    // Said by a flag the reader's client words in its own language, not by an English word in the text.
    expect(thread.body.data.map((comment: { text: string; deleted: boolean }) => [comment.text, comment.deleted])).toEqual(
      expect.arrayContaining([
        ['', true],
        [`Hay quá! (${minh.email})`, false],
      ]),
    )
    expect(JSON.stringify(thread.body)).not.toContain(lan.email)
  })

  it('lets the same address sign up again as a new person with nothing of the old', async () => {
    const again = await signIn(server, lan.email)
    expect(again.is_new_user).toBe(true)
    expect(again.user.id).not.toBe(lan.id)
    const fresh = apiClient(server.api, { token: again.token })
    expect((await fresh.get('/me')).body).toMatchObject({ email: lan.email, is_premium: false, is_contributor: false, daily_goal_minutes: 15, display_name: null })
    const exported = (await fresh.get('/me/export')).body
    for (const section of ['watch_events', 'daily_totals', 'comments', 'feedback', 'submissions', 'contributor_applications', 'outside_hours', 'subscription', 'waitlist']) {
      expect(exported[section], section).toEqual([])
    }
    // The new person is not credited with the old one's video, even under a name.
    await updateUser(server, again.user.id, { display_name: 'Lan again' })
    expect((await fresh.get(`/videos/${lan.publishedVideoId}`)).body.data.creators).toEqual([{ display_name: null }])
  })
})

/** A stand-in for Stripe's API on a local port: records each request, answers as Stripe would. */
async function startStripeStandIn() {
  const requests: Array<{ method: string; path: string; body: string }> = []
  let failing = false
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, body })
      res.setHeader('content-type', 'application/json')
      if (failing) {
        res.statusCode = 500
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }))
        return
      }
      const id = req.url!.split('?')[0].split('/').at(-1)
      res.end(JSON.stringify({ id, object: 'subscription', status: 'canceled' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail: (value: boolean) => void (failing = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('deleting an account that pays through Stripe', () => {
  let server: TestServer
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>

  beforeAll(async () => {
    stripe = await startStripeStandIn()
    server = await startTestServer({
      env: { ...LIMITS, STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: 'whsec_test', PUBLIC_URL: 'https://dehieu.example', STRIPE_API_URL: stripe.url },
    })
  })
  afterAll(async () => {
    await server.close()
    await stripe.close()
  })

  it('cancels the subscription at Stripe at once, then erases', async () => {
    const person = await personWithEverything(server, 'stripe.delete@example.com', { stripe: { customer: 'cus_delete1', subscription: 'sub_delete1' } })
    const code = await mailedDeletionCode(server, person)
    expect((await person.api.post('/me/delete', { otp: code })).status).toBe(204)
    expect(stripe.requests).toEqual([expect.objectContaining({ method: 'DELETE', path: expect.stringMatching(/^\/v1\/subscriptions\/sub_delete1\b/) })])
    expect(await server.ctx.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', person.id).execute()).toEqual([])
  })

  it('deletes nothing when Stripe cannot be reached (503), so no one pays for an account that is gone', async () => {
    const person = await personWithEverything(server, 'stripe.down@example.com', { stripe: { customer: 'cus_down', subscription: 'sub_down' } })
    const code = await mailedDeletionCode(server, person)
    stripe.fail(true)
    try {
      const refused = await person.api.post('/me/delete', { otp: code })
      expect(refused.status).toBe(503)
      expect(refused.body).toMatchObject({ error: 'billing_unavailable' })
    } finally {
      stripe.fail(false)
    }
    expect((await person.api.get('/me')).body.email).toBe(person.email)
    expect((await person.api.get('/billing/subscription')).body.data).toMatchObject({ status: 'active' })
    // The code was not used: the person can try again once Stripe answers.
    expect((await person.api.post('/me/delete', { otp: code })).status).toBe(204)
  })
})

describe('deleting an account with a local plan', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ env: LIMITS })
  })
  afterAll(() => server.close())

  it('ends the subscription: no row left to renew, premium gone', async () => {
    const person = await personWithEverything(server, 'local.plan@example.com')
    expect((await person.api.get('/billing/subscription')).body.data).toMatchObject({ provider: 'local', status: 'active' })
    const code = await mailedDeletionCode(server, person)
    expect((await person.api.post('/me/delete', { otp: code })).status).toBe(204)
    const db = server.ctx.database.db
    expect(await db.selectFrom('subscriptions').selectAll().where('user_id', '=', person.id).execute()).toEqual([])
    expect(await db.selectFrom('users').select('is_premium').where('id', '=', person.id).executeTakeFirst()).toEqual({ is_premium: 0 })
    server.clock.advance(400 * 86_400_000)
    await server.ctx.services.billing.expireLapsed()
    expect(await db.selectFrom('subscriptions').selectAll().where('user_id', '=', person.id).execute()).toEqual([])
    server.clock.reset()
  })
})
