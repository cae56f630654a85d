/**
 * The answer check (answer-check.ts) catches a wrong answer: a route's service is made to answer a body
 * its answer schema refuses, through the real app over HTTP, on the test server that every server and e2e
 * test uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import type { UsersService } from '../services/users.service.ts'

let server: TestServer
let token: string

/** Runs `work` with one method of the users service replaced, then puts it back. */
async function withUsers<K extends keyof UsersService>(target: TestServer, key: K, replacement: UsersService[K], work: () => Promise<void>) {
  const users = target.ctx.services.users
  const original = users[key]
  users[key] = replacement
  try {
    await work()
  } finally {
    users[key] = original
  }
}

beforeAll(async () => {
  server = await startTestServer()
  ;({ token } = await signIn(server, 'answers@example.com'))
})
afterAll(() => server.close())

describe('the answer check of the test server', () => {
  it('lets a right answer through', async () => {
    const me = await apiClient(server.api, { token }).get('/me')
    expect(me.status).toBe(200)
    expect(me.body.email).toBe('answers@example.com')
    expect(server.answerMismatches).toEqual([])
  })

  it('replaces an answer that lacks a field, or has one its schema does not name, by a 500 naming the route and the fields', async () => {
    const original = server.ctx.services.users.toView
    await withUsers(server, 'toView', (row) => {
      const { email: _email, ...rest } = original(row)
      return { ...rest, password_hash: 'leaked' } as unknown as ReturnType<UsersService['toView']>
    }, async () => {
      const me = await apiClient(server.api, { token }).get('/me')
      expect(me.status).toBe(500)
      expect(me.body.error).toBe('answer_mismatch')
      expect(me.body.message).toMatch(/^me\.get answered 200 /)
      expect(me.body.message).toMatch(/email: /)
      expect(me.body.message).toMatch(/password_hash/)
    })
    expect(server.answerMismatches).toEqual([expect.objectContaining({ route: 'me.get', method: 'GET', path: '/api/v1/me', status: 200 })])
    server.answerMismatches.length = 0
  })

  it('checks the hot path, written straight to the socket, too', async () => {
    await withUsers(server, 'dailyProgress', () => ({ daily_goal_minutes: 15, today_watch_seconds: -1, date: 'today' }), async () => {
      const progress = await apiClient(server.api, { token }).get('/me/daily_progress')
      expect(progress.status).toBe(500)
      expect(progress.body.message).toMatch(/^me\.dailyProgress answered 200 .*today_watch_seconds: .*date: /)
    })
    expect(server.answerMismatches.map((m) => m.route)).toEqual(['me.dailyProgress'])
    server.answerMismatches.length = 0
  })

  it('leaves error answers alone: their shape is the errors contract', async () => {
    const missing = await apiClient(server.api, { token }).get('/videos/999999')
    expect(missing.status).toBe(404)
    expect(server.answerMismatches).toEqual([])
  })
})

describe('a test server whose answer went wrong', () => {
  it('fails its close() with the route and what was wrong, so no test passes over it unseen', async () => {
    const other = await startTestServer()
    const signedIn = await signIn(other, 'unseen@example.com')
    await withUsers(other, 'dailyProgress', () => ({ daily_goal_minutes: 15, today_watch_seconds: 0 }) as never, async () => {
      await apiClient(other.api, { token: signedIn.token }).get('/me/daily_progress')
    })
    await expect(other.close()).rejects.toThrow(/GET \/api\/v1\/me\/daily_progress \(me\.dailyProgress\): date: /)
  })

  it('checks nothing when the check is off, as in production', async () => {
    const plain = await startTestServer({ checkAnswers: false })
    try {
      const signedIn = await signIn(plain, 'production@example.com')
      await withUsers(plain, 'dailyProgress', () => ({ wrong: true }) as never, async () => {
        const progress = await apiClient(plain.api, { token: signedIn.token }).get('/me/daily_progress')
        expect(progress.status).toBe(200)
        expect(progress.body).toEqual({ wrong: true })
      })
      expect(plain.answerMismatches).toEqual([])
    } finally {
      await plain.close()
    }
  })
})
