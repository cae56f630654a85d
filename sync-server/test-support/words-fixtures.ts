/** Words for server tests (issue 42): people, lexicon entries, and published videos with a Vietnamese track. */
import crypto from 'node:crypto'
import type { GlossaryEntry, PublishFields } from '../../contract/index.ts'
import { makePremium } from './catalogue-fixtures.ts'
import { apiClient } from './http-client.ts'
import { signIn, type TestServer } from './test-server.ts'
import { makeContributor, updateUser } from './users.ts'

export type Role = 'learner' | 'premium' | 'contributor' | 'admin'

let people = 0

export async function person(server: TestServer, role: Role) {
  const email = `words${++people}-${crypto.randomBytes(3).toString('hex')}@example.com`
  const { token, user } = await signIn(server, email)
  if (role === 'premium') await makePremium(server, user.id)
  if (role === 'contributor') await makeContributor(server, user.id)
  if (role === 'admin') await updateUser(server, user.id, { is_admin: 1 })
  return { id: user.id as number, email, token, api: apiClient(server.api, { token }) }
}

/** Adds entries to a language's lexicon as the demo seed does (`headword: gloss; gloss`). */
export async function addToLexicon(server: TestServer, lines: readonly string[], language = 'vi') {
  const entries: GlossaryEntry[] = lines.map((line) => {
    const [headword, glosses] = line.split(':')
    return { headword: headword!.trim(), glosses: glosses!.split(';').map((gloss) => gloss.trim()), reading: null, note: null }
  })
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, language, entries, 'admin', null))
  server.ctx.jobs.wake()
}

/** A processed submission owned by `ownerId` (a media key and a length), not yet published. */
export async function processedSubmission(server: TestServer, ownerId: number, seconds = 120, language = 'vi') {
  const { id } = await server.ctx.database.db
    .insertInto('submissions')
    .values({
      user_id: ownerId,
      title: `Bài ${crypto.randomUUID().slice(0, 8)}`,
      proficiency_level: 'beginner',
      language_code: language,
      processing_state: 'ready',
      media_key: crypto.randomBytes(16).toString('hex'),
      duration_seconds: seconds,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** WebVTT of lines, one every 10 seconds from 0 (each 8 seconds long). */
export function vttOf(lines: readonly string[]): string {
  const at = (seconds: number) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`
  return `WEBVTT\n\n${lines.map((line, i) => `${at(i * 10)} --> ${at(i * 10 + 8)}\n${line}`).join('\n\n')}\n`
}

const fields = (title: string): PublishFields => ({
  title,
  description: '',
  proficiency_level: 'beginner',
  is_free: false,
  youtube_title: null,
  youtube_description: null,
  series_mode: 'none',
  series_id: null,
  new_series_name: null,
  new_series_description: null,
  episode_number: null,
})

/** A published video whose track in its language (Vietnamese unless told) has these lines; answers its id and its submission's. */
export async function videoWithLines(
  server: TestServer,
  ownerId: number,
  lines: readonly string[],
  access: 'free' | 'premium' | 'preview' = 'free',
  english?: readonly string[],
  title = `Video of ${lines[0]}`,
  language: 'vi' | 'yue' = 'vi',
) {
  const submissionId = await processedSubmission(server, ownerId, lines.length * 10 + 10, language)
  await server.ctx.services.captions.save(submissionId, language, vttOf(lines))
  if (english) await server.ctx.services.captions.save(submissionId, 'en', vttOf(english))
  const videoId = await server.ctx.services.publishing.publishAs(submissionId, fields(title), access)
  return { videoId, submissionId }
}
