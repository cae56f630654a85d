/**
 * What the studio's specs set up on the real server: a contributor's processed submission (a real HLS
 * clip, no captions yet), and a second person or device in a browser context of its own (its own
 * IndexedDB: another device, not another tab), signed in the way the fixtures sign people in.
 */
import type { Browser, Page } from '@playwright/test'
import { makeHlsFixture } from '../sync-server/test-support/hls-fixture.ts'
import { signIn, type TestServer } from '../sync-server/test-support/test-server.ts'
import { openAs, uniqueEmail, type SignedInUser } from './fixtures.ts'

/** A processed submission of `ownerId`: a 12-second HLS clip, no captions yet. */
export async function processedSubmission(server: TestServer, ownerId: number, title: string): Promise<number> {
  const row = await server.ctx.database.db
    .insertInto('submissions')
    .values({ user_id: ownerId, client_id: null, title, proficiency_level: 'beginner', language_code: 'vi', series_name: null, episode_number: null, upload_id: null, upload_bytes_total: null, upload_activity_at: null, processing_error: null, media_key: makeHlsFixture(server.dataDir, 12), duration_seconds: 12, published_video_id: null, created_at: new Date().toISOString(), upload_state: 'complete', processing_state: 'ready', processing_percent: 100 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * A track of timed lines, as a contributor's earlier save left it: one every `every` seconds from 0.5 s
 * (3 s unless told), each on screen for five sixths of that (2.5 s of 3).
 */
export function webVtt(lines: readonly string[], every = 3): string {
  const stamp = (seconds: number) => {
    const ms = Math.round(seconds * 1000)
    return `00:${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${((ms % 60_000) / 1000).toFixed(3).padStart(6, '0')}`
  }
  return `WEBVTT\n\n${lines.map((line, index) => `${stamp(index * every + 0.5)} --> ${stamp(index * every + 0.5 + (every * 5) / 6)}\n${line}`).join('\n\n')}\n`
}

export interface Device {
  page: Page
  close(): Promise<void>
}

/** `session` (or a fresh person with these flags) in a new browser context of its own at 1366×900, opened on `path`. */
export async function deviceOf(browser: Browser, server: TestServer, path: string, session?: SignedInUser | { admin?: boolean; email?: string }): Promise<Device & { session: SignedInUser }> {
  let signed: SignedInUser
  if (session && 'token' in session) signed = session
  else {
    const email = session?.email ?? uniqueEmail(session?.admin ? 'admin' : 'learner')
    const { token } = await signIn(server, email)
    if (session?.admin) await server.ctx.database.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', email).execute()
    const me = await fetch(`${server.api}/me`, { headers: { authorization: `Bearer ${token}` } })
    signed = { email, token, user: (await me.json()) as SignedInUser['user'] }
  }
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: server.baseUrl })
  const page = await context.newPage()
  await openAs(page, signed, path)
  return { page, session: signed, close: () => context.close() }
}

/** The track the server holds now, as the owner reads it. */
export async function serverTrack(server: TestServer, token: string, submissionId: number, language: 'vi' | 'en'): Promise<string> {
  const answer = await fetch(`${server.api}/submissions/${submissionId}/captions/${language}`, { headers: { authorization: `Bearer ${token}` } })
  if (answer.status !== 200) throw new Error(`the ${language} track answered ${answer.status}`)
  return answer.text()
}
