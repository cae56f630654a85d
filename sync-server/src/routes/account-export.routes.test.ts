import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../../contract/index.ts'
import { PERSONAL_TABLES } from '../db/personal-data.ts'
import { personWithEverything, type Person } from '../../test-support/account-fixtures.ts'
import { seedVideo } from '../../test-support/catalogue-fixtures.ts'
import { apiClient } from '../../test-support/http-client.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'

let server: TestServer
let lan: Person
let minh: Person

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000' } })
  lan = await personWithEverything(server, 'lan.export@example.com')
  // Minh watches and comments on the same video: his rows sit beside Lan's in every table.
  minh = await personWithEverything(server, 'minh.export@example.com', { videoId: lan.videoId })
})
afterAll(() => server.close())

/**
 * A download on a connection of its own (no keep-alive pool): the heavy test's synchronous inserts hold
 * the event loop long enough that a pooled connection's idle timers on both ends expire together, and
 * fetch would send on a socket the server is just closing (ECONNRESET before any answer).
 */
function download(token: string, path = '/me/export'): Promise<{ response: { status: number; headers: Headers }; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.api}${path}`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value)
        resolve({ response: { status: answer.statusCode!, headers }, bytes: Buffer.concat(chunks) })
      })
      answer.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** The keys of a person's rows in one table, as the database holds them. */
async function keysInDatabase(spec: (typeof PERSONAL_TABLES)[number], person: Person): Promise<string[]> {
   
  const db = server.ctx.database.db as any
  const rows = (await db
    .selectFrom(spec.table)
    .select(spec.key)
    .where(spec.owner, '=', spec.owner === 'user_id' ? person.id : person.email)
    .execute()) as Record<string, unknown>[]
  const asExported = (value: unknown) => (spec.epochMs?.includes(spec.key) ? new Date(Number(value)).toISOString() : String(value))
  return rows.map((row) => asExported(row[spec.key])).sort()
}

describe('GET /me/export', () => {
  it('answers one JSON attachment holding exactly the person’s rows, table by table, and none of another’s', async () => {
    const { response, bytes } = await download(lan.token)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="dehieu-export-\d{4}-\d{2}-\d{2}\.json"$/)
    const text = bytes.toString('utf8')
    const document = JSON.parse(text)
    expect(document.user).toMatchObject({ id: lan.id, email: lan.email, daily_goal_minutes: 25, is_premium: true, is_contributor: true })
    for (const spec of PERSONAL_TABLES) {
      if (!spec.section) {
        expect(document).not.toHaveProperty(String(spec.table))
        continue
      }
      const exported = document[spec.section] as Record<string, unknown>[]
      expect(Array.isArray(exported), spec.section).toBe(true)
      const expected = await keysInDatabase(spec, lan)
      expect(expected.length, `${spec.section}: the fixture gives Lan rows here`).toBeGreaterThan(0)
      // Tables whose key is left out of the export (sessions' token hash) are counted instead.
      if (exported[0] && spec.key in exported[0]) expect(exported.map((row) => String(row[spec.key])).sort(), spec.section).toEqual(expected)
      else expect(exported, spec.section).toHaveLength(expected.length)
    }
    expect(document.watch_events).toHaveLength(4) // three on the shared video, one on the rated one
    expect(document.feedback[0].environment_data).toEqual({ userAgent: expect.stringContaining('iPhone'), screen: '390x844' })
    expect(document.comments[0].text).toBe(`Hay quá! (${lan.email})`)
    expect(document.daily_goal_history.map((row: { goal_minutes: number }) => row.goal_minutes)).toContain(25)
    expect(document.sessions[0]).not.toHaveProperty('token_hash')
    // Nothing of Minh's: not his address, his ids, his comment, his feedback; no featured person's address either.
    expect(text).not.toContain(minh.email)
    expect(text).not.toContain('featured-cook@example.com')
    expect(document.comments.map((row: { id: number }) => row.id)).toEqual([lan.commentId])
    expect(document.feedback.map((row: { id: number }) => row.id)).toEqual([lan.feedbackId])
  })

  it('answers 401 without a token', async () => {
    expect((await apiClient(server.api).get('/me/export')).status).toBe(401)
    expect((await apiClient(server.api).get('/me/export.csv')).status).toBe(401)
  })

  it('gives the watch history as CSV a spreadsheet opens: UTF-8 with a BOM, CRLF rows, quoted text', async () => {
    for (const path of ['/me/export.csv', '/me/export?format=csv']) {
      const { response, bytes } = await download(lan.token, path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('content-disposition')).toMatch(/filename="dehieu-export-[\d-]+\.csv"/)
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const rows = parseCsv(bytes.subarray(3).toString('utf8'))
      expect(rows[0]).toEqual(['occurred_at', 'day', 'video_id', 'video_title', 'watched_seconds', 'position_from', 'position_to', 'playback_rate', 'mode'])
      expect(rows.slice(1)).toHaveLength(4)
      // The rated video's whole watch is the oldest row; the other three are the shared video's.
      const shared = rows.slice(1).filter((row) => row[2] === String(lan.videoId))
      expect(shared).toHaveLength(3)
      for (const row of shared) {
        // The title holds a comma and quotes: one field, read back whole.
        expect(row[3]).toBe('Chợ Bến Thành, "sáng sớm", 5 giờ')
        expect(row[4]).toBe('10')
      }
    }
  })

  it('streams a heavy year (100,000 watch events) whole', async () => {
    const heavy = await signIn(server, 'heavy.export@example.com')
    const video = await seedVideo(server)
    const start = Date.parse('2025-01-01T00:00:00Z')
    const db = server.ctx.database.db
    for (let batch = 0; batch < 100; batch++) {
      const rows = Array.from({ length: 1_000 }, (_, i) => {
        const at = new Date(start + (batch * 1_000 + i) * 300_000).toISOString()
        return { user_id: heavy.user.id, client_id: uuidv7(), video_id: video, position_from: 0, position_to: 10, watched_seconds: 10, playback_rate: 1, occurred_at: at, day: at.slice(0, 10), received_at: at }
      })
      await db.insertInto('watch_events').values(rows).execute()
    }
    const { response, bytes } = await download(heavy.token)
    expect(response.status).toBe(200)
    const document = JSON.parse(bytes.toString('utf8'))
    expect(document.watch_events).toHaveLength(100_000)
    expect(new Set(document.watch_events.map((row: { client_id: string }) => row.client_id)).size).toBe(100_000)
    const csv = await download(heavy.token, '/me/export.csv')
    expect(csv.bytes.toString('utf8').trimEnd().split('\r\n')).toHaveLength(100_001)
  }, 60_000)
})

/** RFC 4180, enough for the test: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  return rows
}
