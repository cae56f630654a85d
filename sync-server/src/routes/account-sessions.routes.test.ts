import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAST_SEEN_EVERY_MS } from '../services/auth.service.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const TABLET = 'Mozilla/5.0 (Linux; Android 14; Pixel Tablet) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let server: TestServer
let counter = 0

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', OTP_SENDS_PER_ADDRESS_IP_PER_HOUR: '100', OTP_SENDS_PER_ADDRESS_PER_HOUR: '100' } })
})
afterAll(() => server.close())

/** One person signed in on three devices (each sign-in from its own browser). */
async function personOnThreeDevices() {
  const email = `devices${++counter}@example.com`
  const phone = await signIn(server, email, { 'user-agent': PHONE })
  const laptop = await signIn(server, email, { 'user-agent': LAPTOP })
  const tablet = await signIn(server, email, { 'user-agent': TABLET })
  return {
    email,
    phone: apiClient(server.api, { token: phone.token }),
    laptop: apiClient(server.api, { token: laptop.token }),
    tablet: apiClient(server.api, { token: tablet.token }),
  }
}

describe('the devices list', () => {
  it('lists the person’s live sessions with their device, marking the one asking', async () => {
    const { laptop } = await personOnThreeDevices()
    await personOnThreeDevices() // someone else's sessions never show
    const list = await laptop.get('/me/sessions')
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(3)
    const byAgent = new Map(list.body.data.map((row: { user_agent: string }) => [row.user_agent, row]))
    expect(byAgent.get(PHONE)).toMatchObject({ device: { browser: 'Safari', os: 'iPhone' }, current: false })
    expect(byAgent.get(LAPTOP)).toMatchObject({ device: { browser: 'Chrome', os: 'Windows' }, current: true })
    expect(byAgent.get(TABLET)).toMatchObject({ device: { browser: 'Chrome', os: 'Android' }, current: false })
    for (const row of list.body.data) {
      expect(row.id).toMatch(/^[0-9a-f]{16}$/)
      expect(Date.parse(row.created_at)).not.toBeNaN()
      expect(Date.parse(row.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at))
    }
  })

  it('moves "last seen" forward once it is a few minutes old, not on every call', async () => {
    const { phone, laptop } = await personOnThreeDevices()
    const seenOf = async () => (await laptop.get('/me/sessions')).body.data.find((row: { user_agent: string }) => row.user_agent === PHONE).last_seen_at
    const first = await seenOf()
    server.clock.advance(60_000)
    await phone.get('/me')
    expect(await seenOf()).toBe(first)
    server.clock.advance(LAST_SEEN_EVERY_MS)
    await phone.get('/me')
    const later = await seenOf()
    expect(Date.parse(later) - Date.parse(first)).toBeGreaterThanOrEqual(LAST_SEEN_EVERY_MS + 60_000)
    server.clock.reset()
  })

  it('signs one device out: its token answers 401 from then on, the others keep working', async () => {
    const { phone, laptop, tablet } = await personOnThreeDevices()
    const phoneRow = (await laptop.get('/me/sessions')).body.data.find((row: { user_agent: string }) => row.user_agent === PHONE)
    expect((await laptop.delete(`/me/sessions/${phoneRow.id}`)).status).toBe(204)
    expect((await phone.get('/me')).status).toBe(401)
    expect((await tablet.get('/me')).status).toBe(200)
    expect((await laptop.get('/me/sessions')).body.data.map((row: { user_agent: string }) => row.user_agent).sort()).toEqual([TABLET, LAPTOP].sort())
    // Gone already: nothing to sign out.
    expect((await laptop.delete(`/me/sessions/${phoneRow.id}`)).status).toBe(404)
  })

  it('never signs out another person’s session', async () => {
    const mine = await personOnThreeDevices()
    const theirs = await personOnThreeDevices()
    const theirId = (await theirs.phone.get('/me/sessions')).body.data[0].id
    const refused = await mine.laptop.delete(`/me/sessions/${theirId}`)
    expect(refused.status).toBe(404)
    expect(refused.body).toMatchObject({ error: 'not_found' })
    expect((await theirs.phone.get('/me')).status).toBe(200)
    expect((await theirs.laptop.get('/me')).status).toBe(200)
    expect((await theirs.tablet.get('/me')).status).toBe(200)
  })

  it('signs out everywhere else, keeping the device that asked', async () => {
    const { phone, laptop, tablet } = await personOnThreeDevices()
    const other = await personOnThreeDevices()
    const answer = await tablet.post('/me/sessions/sign_out_others')
    expect(answer).toMatchObject({ status: 200, body: { data: { signed_out: 2 } } })
    expect((await phone.get('/me')).status).toBe(401)
    expect((await laptop.get('/me')).status).toBe(401)
    expect((await tablet.get('/me')).status).toBe(200)
    expect((await tablet.get('/me/sessions')).body.data).toEqual([expect.objectContaining({ user_agent: TABLET, current: true })])
    expect((await other.phone.get('/me')).status).toBe(200)
  })

  it('keeps exactly one device signed in when "sign out everywhere else" is pressed on five at once', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `five-devices${round}-${++counter}@example.com`
      const devices = []
      for (let i = 0; i < 5; i++) devices.push(apiClient(server.api, { token: (await signIn(server, email, { 'user-agent': `${LAPTOP} #${i}` })).token }))
      const answers = await Promise.all(devices.map((device) => device.post('/me/sessions/sign_out_others')))
      const still = await Promise.all(devices.map(async (device) => (await device.get('/me')).status))
      expect(still.filter((status) => status === 200)).toHaveLength(1)
      // The one that kept its session is the one whose press was answered 200; the others were told their device was signed out.
      expect(answers.map((answer) => answer.status)).toEqual(still)
      const winner = answers.find((answer) => answer.status === 200)!
      expect(winner.body.data.signed_out).toBe(4)
      for (const answer of answers.filter((other) => other.status !== 200)) expect(answer.body).toMatchObject({ error: 'unauthorized' })
    }
  })
})
