import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  OTP_MAX_WRONG_TRIES,
  OTP_OTHER_NETWORKS_MAX_WRONG_TRIES,
  OTP_SENDS_PER_ADDRESS_IP_PER_HOUR,
  OTP_SENDS_PER_ADDRESS_PER_HOUR,
  OTP_TTL_MINUTES,
} from '../../../contract/index.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let api: ReturnType<typeof apiClient>
let addressCounter = 0
const freshEmail = () => `learner${++addressCounter}-${Date.now()}@example.com`

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'Boss@Example.com, other@example.com', OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  api = apiClient(server.api)
})
afterAll(() => server.close())

async function requestCode(email: string) {
  const since = server.smtp.mails.length
  const response = await api.post('/auth/register', { email })
  expect(response.status).toBe(202)
  return server.smtp.waitForCode(email, { since })
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

describe('sign-in by e-mail code', () => {
  it('mails a six-digit code that signs a new user in, then the same user again', async () => {
    const email = freshEmail()
    const first = await signIn(server, email)
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(first.is_new_user).toBe(true)
    expect(first.user).toMatchObject({ email, daily_goal_minutes: 15, is_premium: false, is_admin: false })

    const again = await signIn(server, email.toUpperCase())
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(first.user.id)
    expect(again.token).not.toBe(first.token)
  })

  it('answers the same for an unknown address and refuses a malformed one with 422', async () => {
    expect((await api.post('/auth/register', { email: freshEmail() })).body).toEqual({ data: { sent: true } })
    const bad = await api.post('/auth/register', { email: 'not-an-address' })
    expect(bad.status).toBe(422)
    expect(bad.body.error).toBe('validation_failed')
    expect(bad.body.errors).toContain('Please enter a valid email address.')
    expect((await api.post('/auth/register', {})).status).toBe(422)
  })

  it('stores codes hashed, never the code itself', async () => {
    const email = freshEmail()
    const code = await requestCode(email)
    const rows = await server.ctx.database.db.selectFrom('otp_codes').selectAll().where('email', '=', email).execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
  })

  it('refuses a wrong code with invalid_code and accepts the right one after', async () => {
    const email = freshEmail()
    const code = await requestCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await api.post('/auth/verify', { email, otp: wrong })
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ error: 'invalid_code', reason: 'wrong' })
    expect((await api.post('/auth/verify', { email, otp: code })).status).toBe(200)
    // A code works once.
    expect((await api.post('/auth/verify', { email, otp: code })).status).toBe(401)
  })

  it('lets a code live ten minutes and no longer', async () => {
    const email = freshEmail()
    const code = await requestCode(email)
    server.clock.advance(OTP_TTL_MINUTES * 60_000 - 5_000)
    const nearlyExpired = await api.post('/auth/verify', { email, otp: code })
    expect(nearlyExpired.status).toBe(200)

    const late = freshEmail()
    const lateCode = await requestCode(late)
    server.clock.advance(OTP_TTL_MINUTES * 60_000)
    const expired = await api.post('/auth/verify', { email: late, otp: lateCode })
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ error: 'invalid_code', reason: 'expired' })
  })

  it('answers five wrong tries with invalid_code, then kills the code: even the right code answers 429', async () => {
    const email = freshEmail()
    const code = await requestCode(email)
    const wrong = code === '999999' ? '888888' : '999999'
    for (let attempt = 1; attempt <= OTP_MAX_WRONG_TRIES; attempt++) {
      const refused = await api.post('/auth/verify', { email, otp: wrong })
      expect(refused.status).toBe(401)
      expect(refused.body).toMatchObject({ error: 'invalid_code', reason: 'wrong' })
    }
    const sixth = await api.post('/auth/verify', { email, otp: wrong })
    expect(sixth.status).toBe(429)
    expect(sixth.body.error).toBe('too_many_attempts')
    const right = await api.post('/auth/verify', { email, otp: code })
    expect(right.status).toBe(429)
    expect(right.body.error).toBe('too_many_attempts')
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/)
    // A new code starts afresh.
    const fresh = await requestCode(email)
    expect((await api.post('/auth/verify', { email, otp: fresh })).status).toBe(200)
  })

  it('makes an older code useless once a newer one is sent', async () => {
    const email = freshEmail()
    const older = await requestCode(email)
    const newer = await requestCode(email)
    if (older !== newer) expect((await api.post('/auth/verify', { email, otp: older })).status).toBe(401)
    expect((await api.post('/auth/verify', { email, otp: newer })).status).toBe(200)
  })

  it('rejects a malformed code with 422 before looking it up', async () => {
    for (const otp of ['12345', '1234567', 'abcdef', 123456, '']) {
      const response = await api.post('/auth/verify', { email: freshEmail(), otp })
      expect(response.status).toBe(422)
    }
  })

  it('sends at most five codes an address an hour from one network, with Retry-After, and again after the hour', async () => {
    const email = freshEmail()
    for (let i = 0; i < OTP_SENDS_PER_ADDRESS_IP_PER_HOUR; i++) {
      expect((await api.post('/auth/register', { email })).status).toBe(202)
    }
    const limited = await api.post('/auth/register', { email })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toBe('rate_limited')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    server.clock.advance(retryAfter * 1000 + 1000)
    expect((await api.post('/auth/register', { email })).status).toBe(202)
  })

  it('an owner can sign in from another network while a stranger hammers her address', async () => {
    const email = freshEmail()
    const stranger = apiClient(server.api, { localAddress: '127.0.0.2' })
    const first = await requestCode(email)
    // The stranger asks for every code he may, and guesses until his own code dies.
    for (let i = 0; i < OTP_SENDS_PER_ADDRESS_IP_PER_HOUR; i++) expect((await stranger.post('/auth/register', { email })).status).toBe(202)
    expect((await stranger.post('/auth/register', { email })).status).toBe(429)
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) expect((await stranger.post('/auth/verify', { email, otp: wrongFor(first) })).status).toBe(401)
    expect((await stranger.post('/auth/verify', { email, otp: wrongFor(first) })).status).toBe(429)

    // Her code still works, and she may still ask for new ones.
    expect((await api.post('/auth/verify', { email, otp: first })).status).toBe(200)
    const again = await requestCode(email)
    expect((await api.post('/auth/verify', { email, otp: again })).status).toBe(200)
  })

  it("lets guesses from a network that asked for no code never void the owner's code", async () => {
    const email = freshEmail()
    const code = await requestCode(email)
    const guesser = apiClient(server.api, { localAddress: '127.0.0.3' })
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) expect((await guesser.post('/auth/verify', { email, otp: wrongFor(code) })).status).toBe(401)
    // Past the limit that network is refused, even with the right code…
    expect((await guesser.post('/auth/verify', { email, otp: code })).status).toBe(429)
    // …while the owner's network signs in with it.
    expect((await api.post('/auth/verify', { email, otp: code })).status).toBe(200)
  })

  it('signs in with a code typed on another network than the one that asked for it', async () => {
    const email = freshEmail()
    const code = await requestCode(email)
    const phone = apiClient(server.api, { localAddress: '127.0.0.4' })
    expect((await phone.post('/auth/verify', { email, otp: code })).status).toBe(200)
    // The code is used up everywhere.
    expect((await api.post('/auth/verify', { email, otp: code })).status).toBe(401)
  })

  it('sends at most twenty codes an address an hour across all networks', async () => {
    const email = freshEmail()
    const networks = Array.from({ length: OTP_SENDS_PER_ADDRESS_PER_HOUR / OTP_SENDS_PER_ADDRESS_IP_PER_HOUR + 1 }, (_, i) =>
      apiClient(server.api, { localAddress: `127.0.1.${i + 1}` }),
    )
    for (const network of networks.slice(0, -1)) {
      for (let i = 0; i < OTP_SENDS_PER_ADDRESS_IP_PER_HOUR; i++) expect((await network.post('/auth/register', { email })).status).toBe(202)
    }
    const refused = await networks.at(-1)!.post('/auth/register', { email })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toBe('rate_limited')
  })

  it('keeps the owner able to get a code on a network she has signed in from, after a stranger filled the ceiling from four networks', async () => {
    const email = freshEmail()
    const home = apiClient(server.api, { localAddress: '127.0.2.1' })
    const homeCode = async () => {
      const since = server.smtp.mails.length
      expect((await home.post('/auth/register', { email })).status).toBe(202)
      return server.smtp.waitForCode(email, { since })
    }
    expect((await home.post('/auth/verify', { email, otp: await homeCode() })).status).toBe(200)
    // The stranger asks five codes from each of four networks: with hers, past the address's ceiling of twenty.
    const statuses: number[] = []
    for (let n = 0; n < OTP_SENDS_PER_ADDRESS_PER_HOUR / OTP_SENDS_PER_ADDRESS_IP_PER_HOUR; n++) {
      const network = apiClient(server.api, { localAddress: `127.0.2.${10 + n}` })
      for (let i = 0; i < OTP_SENDS_PER_ADDRESS_IP_PER_HOUR; i++) statuses.push((await network.post('/auth/register', { email })).status)
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(OTP_SENDS_PER_ADDRESS_PER_HOUR - 1)
    expect(statuses.at(-1)).toBe(429)
    // A fifth network is refused, and so is a network the owner never signed in from…
    expect((await apiClient(server.api, { localAddress: '127.0.2.20' }).post('/auth/register', { email })).status).toBe(429)
    // …but at home she still gets her code, and signs in with it.
    expect((await home.post('/auth/verify', { email, otp: await homeCode() })).status).toBe(200)
  })

  it("lets a stranger's wrong tries from a third network not spend the tries of the owner's other network", async () => {
    const email = freshEmail()
    const wifi = apiClient(server.api, { localAddress: '127.0.3.1' })
    const mobile = apiClient(server.api, { localAddress: '127.0.3.2' })
    const since = server.smtp.mails.length
    expect((await wifi.post('/auth/register', { email })).status).toBe(202)
    const code = await server.smtp.waitForCode(email, { since })
    const stranger = apiClient(server.api, { localAddress: '127.0.3.3' })
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) expect((await stranger.post('/auth/verify', { email, otp: wrongFor(code) })).status).toBe(401)
    expect((await stranger.post('/auth/verify', { email, otp: code })).status).toBe(429)
    // The code asked on Wi-Fi, typed on mobile data: hers to use.
    expect((await mobile.post('/auth/verify', { email, otp: code })).status).toBe(200)
  })

  it('stops guesses at a code from many networks together, except from a network the owner has signed in from', async () => {
    const email = freshEmail()
    const mobile = apiClient(server.api, { localAddress: '127.0.4.2' })
    await signIn(server, email) // from this machine's own network
    const since = server.smtp.mails.length
    expect((await mobile.post('/auth/register', { email })).status).toBe(202)
    // (asked from mobile: the owner's usual network, the default loopback address, is now "another network")
    const code = await server.smtp.waitForCode(email, { since })
    for (let n = 0; n < OTP_OTHER_NETWORKS_MAX_WRONG_TRIES / OTP_MAX_WRONG_TRIES; n++) {
      const network = apiClient(server.api, { localAddress: `127.0.4.${10 + n}` })
      for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) expect((await network.post('/auth/verify', { email, otp: wrongFor(code) })).status).toBe(401)
    }
    // Twenty wrong tries from other networks together: a new network is refused at once, even with the right code…
    expect((await apiClient(server.api, { localAddress: '127.0.4.30' }).post('/auth/verify', { email, otp: code })).status).toBe(429)
    // …but the network she signed in from before still takes it.
    expect((await api.post('/auth/verify', { email, otp: code })).status).toBe(200)
  })

  it('makes ADMIN_EMAILS admins at sign-in, whatever their case', async () => {
    const { user } = await signIn(server, 'boss@example.com')
    expect(user).toMatchObject({ is_admin: true })
  })

  it('revokes the token on logout: later calls answer 401', async () => {
    const { token } = await signIn(server, freshEmail())
    expect((await api.get('/me', { token })).status).toBe(200)
    expect((await api.post('/auth/logout', undefined, { token })).status).toBe(204)
    expect((await api.get('/me', { token })).status).toBe(401)
    expect((await api.post('/auth/logout', undefined, { token })).status).toBe(401)
  })
})

describe('per-IP sending limit', () => {
  let limitedServer: TestServer
  beforeAll(async () => {
    limitedServer = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '3' } })
  })
  afterAll(() => limitedServer.close())

  it('refuses the fourth code from one IP with 429, whatever the address', async () => {
    const limitedApi = apiClient(limitedServer.api)
    for (let i = 0; i < 3; i++) expect((await limitedApi.post('/auth/register', { email: freshEmail() })).status).toBe(202)
    const refused = await limitedApi.post('/auth/register', { email: freshEmail() })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('IPv6 clients', () => {
  let proxied: TestServer
  beforeAll(async () => {
    // Behind one proxy (the test writes X-Forwarded-For as nginx would), with small limits.
    proxied = await startTestServer({ env: { TRUST_PROXY: '1', OTP_SENDS_PER_IP_PER_HOUR: '3', VERIFY_PER_IP_PER_10_MINUTES: '3' } })
  })
  afterAll(() => proxied.close())

  const from = (address: string) => apiClient(proxied.api, { headers: { 'x-forwarded-for': address } })

  it('counts every address of one /64 as one network for code sends and code checks, and another /64 apart', async () => {
    const sameHome = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:DB8:1:2::ffff']
    for (const address of sameHome.slice(0, 3)) expect((await from(address).post('/auth/register', { email: freshEmail() })).status, address).toBe(202)
    expect((await from(sameHome[3]).post('/auth/register', { email: freshEmail() })).status).toBe(429)
    expect((await from('2001:db8:1:3::1').post('/auth/register', { email: freshEmail() })).status).toBe(202)

    for (const address of sameHome.slice(0, 3)) expect((await from(address).post('/auth/verify', { email: 'x@example.com', otp: '000000' })).status, address).toBe(401)
    expect((await from(sameHome[3]).post('/auth/verify', { email: 'x@example.com', otp: '000000' })).status).toBe(429)
    expect((await from('2001:db8:1:3::9').post('/auth/verify', { email: 'x@example.com', otp: '000000' })).status).toBe(401)
  })
})
