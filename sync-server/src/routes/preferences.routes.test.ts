/**
 * Account preferences over HTTP (issue 41 items 10, 23), on both engines: the outbox call's answers
 * (accepted, duplicate, rejected per change), the latest change of each preference winning whatever order
 * two devices' batches arrive in, and what a winning change does beyond its row (the UI language e-mails
 * are written in, the daily goal as /me shows it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { person } from '../../test-support/words-fixtures.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
})
afterAll(() => server.close())

const ago = (seconds: number) => new Date(server.clock.now() - seconds * 1000).toISOString()
const change = (name: string, value: unknown, occurredAt: string, clientId = uuidv7()) => ({ client_id: clientId, name, value, occurred_at: occurredAt })

describe('POST /me/preferences', () => {
  it('keeps the latest change of each preference whatever order two devices send them in', async () => {
    const learner = await person(server, 'learner')
    const darkLater = change('theme', 'dark', ago(60))
    const lightEarlier = change('theme', 'light', ago(600))
    const captions = change('captions', { vi: true, en: false }, ago(300))
    const first = await learner.api.post('/me/preferences', { preferences: [darkLater] })
    expect(first.body.data).toEqual({ accepted: [darkLater.client_id], duplicate: [], rejected: [] })
    // The second device was offline: its older theme arrives late and loses; its captions land.
    const late = await learner.api.post('/me/preferences', { preferences: [lightEarlier, captions, darkLater] })
    expect(late.body.data).toEqual({ accepted: [lightEarlier.client_id, captions.client_id], duplicate: [darkLater.client_id], rejected: [] })

    const read = await learner.api.get('/me/preferences')
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual({
      values: { theme: 'dark', captions: { vi: true, en: false } },
      updated_at: { theme: darkLater.occurred_at, captions: captions.occurred_at },
    })
    // Another person's preferences are their own.
    expect((await (await person(server, 'learner')).api.get('/me/preferences')).body.data).toEqual({ values: {}, updated_at: {} })
  })

  it('breaks a tie of the same instant by the larger client_id, in either order', async () => {
    const at = ago(30)
    const low = change('caption_size', 's', at, '00000000-0000-7000-8000-000000000001')
    const high = change('caption_size', 'l', at, 'ffffffff-ffff-7fff-bfff-ffffffffffff')
    const a = await person(server, 'learner')
    const b = await person(server, 'learner')
    await a.api.post('/me/preferences', { preferences: [high] })
    await a.api.post('/me/preferences', { preferences: [low] })
    await b.api.post('/me/preferences', { preferences: [low, high] })
    for (const who of [a, b]) expect((await who.api.get('/me/preferences')).body.data.values).toEqual({ caption_size: 'l' })
  })

  it('writes a winning UI language to the account, for e-mails, and a winning goal as /me shows it', async () => {
    const learner = await person(server, 'learner')
    const answer = await learner.api.post('/me/preferences', {
      preferences: [change('ui_language', 'vi', ago(20)), change('daily_goal_minutes', 30, ago(20)), change('learning_language', 'vi', ago(20))],
    })
    expect(answer.body.data.accepted).toHaveLength(3)
    const row = await server.ctx.database.db.selectFrom('users').select(['ui_language', 'daily_goal_minutes']).where('id', '=', learner.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ ui_language: 'vi', daily_goal_minutes: 30 })
    expect((await learner.api.get('/me')).body.daily_goal_minutes).toBe(30)
    expect((await learner.api.get('/me/daily_progress')).body.daily_goal_minutes).toBe(30)

    // An older goal arriving late changes neither the preference nor the goal.
    await learner.api.post('/me/preferences', { preferences: [change('daily_goal_minutes', 5, ago(600)), change('ui_language', 'en', ago(600))] })
    expect((await learner.api.get('/me')).body.daily_goal_minutes).toBe(30)
    const after = await server.ctx.database.db.selectFrom('users').select('ui_language').where('id', '=', learner.id).executeTakeFirstOrThrow()
    expect(after.ui_language).toBe('vi')
  })

  it('rejects a change it cannot keep and takes the rest of the batch', async () => {
    const learner = await person(server, 'learner')
    const good = change('listening', true, ago(5))
    const items = [
      change('theme', 'purple', ago(5)),
      change('favourite_colour', 'blue', ago(5)),
      change('learning_language', 'xx', ago(5)),
      change('auto_pause', true, new Date(server.clock.now() + 3_600_000).toISOString()),
      { name: 'theme', value: 'dark' },
      good,
    ]
    const answer = await learner.api.post('/me/preferences', { preferences: items })
    expect(answer.status).toBe(200)
    expect(answer.body.data.accepted).toEqual([good.client_id])
    expect(answer.body.data.rejected.map((r: { error: string }) => r.error)).toEqual(['invalid_preference', 'invalid_preference', 'unknown_language', 'in_the_future', 'invalid_preference'])
    expect((await learner.api.post('/me/preferences', { preferences: [] })).status).toBe(422)
  })

  it('keeps the captions of a Cantonese learner (the yue track on) and refuses a track that does not exist', async () => {
    const learner = await person(server, 'learner')
    const cantonese = change('captions', { vi: false, en: true, yue: true }, ago(5))
    const unknown = change('captions', { vi: false, en: false, fr: true }, ago(4))
    const answer = await learner.api.post('/me/preferences', { preferences: [cantonese, unknown] })
    expect(answer.body.data.accepted).toEqual([cantonese.client_id])
    expect(answer.body.data.rejected.map((r: { error: string }) => r.error)).toEqual(['invalid_preference'])
    const read = await learner.api.get('/me/preferences')
    expect(read.body.data.values.captions).toEqual({ vi: false, en: true, yue: true })
  })
})
