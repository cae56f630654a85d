/**
 * Behind the nginx we ship (deploy/nginx.conf, run here as it is) with the setting we document
 * (TRUST_PROXY=1), a client cannot choose the address the per-IP limits count: nginx writes
 * X-Forwarded-For itself, and the server trusts that one hop only. Before, TRUST_PROXY=true took the
 * left-most X-Forwarded-For entry, which the client writes, and nginx only appended to it: every
 * request could come "from" a new address, and no limit was ever reached.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { nginxAvailable, startNginx, type RunningNginx } from '../../test-support/nginx-server.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

const VERIFY_LIMIT = 100
const SENDS_PER_IP = 30

describe.skipIf(!nginxAvailable())('behind deploy/nginx.conf with TRUST_PROXY=1', () => {
  let server: TestServer
  let nginx: RunningNginx
  let dir: string

  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: '1', VERIFY_PER_IP_PER_10_MINUTES: String(VERIFY_LIMIT), OTP_SENDS_PER_IP_PER_HOUR: String(SENDS_PER_IP) },
    })
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dehieu-nginx-'))
    fs.chmodSync(dir, 0o755)
    nginx = await startNginx({ dir, dataDir: server.dataDir, apiPorts: [Number(new URL(server.baseUrl).port)] })
  })
  afterAll(async () => {
    await nginx?.stop()
    await server?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  /** Each call claims to come from a new address, as the attack did: `10.9.0.N, 203.0.113.7`. */
  const forged = (n: number) => ({ 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}, 203.0.113.7`, 'x-real-ip': `10.8.0.${n & 255}`, forwarded: `for=10.7.0.${n & 255}` })

  it('stops code checks from one machine at the limit, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = []
    for (let n = 1; n <= VERIFY_LIMIT + 50; n++) {
      const answer = await apiClient(`${nginx.url}/api/v1`, { headers: forged(n) }).post('/auth/verify', { email: 'owner@example.com', otp: '000000' })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, VERIFY_LIMIT).every((status) => status === 401)).toBe(true)
    expect(new Set(statuses.slice(VERIFY_LIMIT))).toEqual(new Set([429]))
  })

  it('sends no more codes from one machine than the per-IP limit, and counts them under the address nginx saw', async () => {
    const before = server.smtp.mails.length
    const statuses: number[] = []
    for (let n = 1; n <= SENDS_PER_IP + 10; n++) {
      const answer = await apiClient(`${nginx.url}/api/v1`, { headers: forged(n) }).post('/auth/register', { email: `someone${n}@example.com` })
      statuses.push(answer.status)
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(SENDS_PER_IP)
    expect(statuses.slice(SENDS_PER_IP)).toEqual(Array(10).fill(429))
    expect(server.smtp.mails.length - before).toBe(SENDS_PER_IP)
    const networks = await server.ctx.database.db.selectFrom('otp_codes').select('requested_ip').distinct().execute()
    expect(networks.map((row) => row.requested_ip)).toEqual(['127.0.0.1'])
  })
})
