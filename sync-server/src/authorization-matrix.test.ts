/**
 * Every endpoint × every kind of caller, with the exact status each must get. The last test reads the
 * contract's route table (contract/routes.ts), so an endpoint added without a row here fails the suite
 * until its rule is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../contract/index.ts'
import { ROUTES } from '../../contract/routes.ts'
import { makePremium, seedVideo } from '../test-support/catalogue-fixtures.ts'
import { signIn, startTestServer, type TestServer } from '../test-support/test-server.ts'
import { makeContributor } from '../test-support/users.ts'

const ROLES = ['anonymous', 'learner', 'premium', 'contributor', 'admin'] as const
type Role = (typeof ROLES)[number]
type Expected = Record<Role, number>

const all = (status: number): Expected => ({ anonymous: status, learner: status, premium: status, contributor: status, admin: status })
const signedIn = (status: number): Expected => ({ anonymous: 401, learner: status, premium: status, contributor: status, admin: status })
const premiumOrAdmin = (status: number): Expected => ({ anonymous: 401, learner: 403, premium: status, contributor: 403, admin: status })
const contributorOrAdmin = (status: number): Expected => ({ anonymous: 401, learner: 403, premium: 403, contributor: status, admin: status })
const adminOnly = (status: number): Expected => ({ anonymous: 401, learner: 403, premium: 403, contributor: 403, admin: status })

interface Call {
  method: string
  path: string
  headers?: Record<string, string>
  json?: unknown
  form?: FormData
  /** A body sent as it is, with its own content-type in `headers`. */
  raw?: string
}

interface Row {
  method: string
  /** The route as registered (used to check that every route has a row). */
  route: string
  expected: Expected
  /** Builds the request for one role; may create fresh resources first. */
  call: (role: Role) => Promise<Call> | Call
}

let server: TestServer
const tokens = {} as Record<Exclude<Role, 'anonymous'>, { main: string; spare: string; id: number; email: string }>
let videoId: number
let submissionId: number
let feedbackId: number
let applicationId: number
let failedJobId: number
/** A free video published from a submission with Vietnamese captions, and its track's signed URL. */
let captionedVideoId: number
let captionedSubmissionId: number
let captionsUrl: string
const VTT = 'WEBVTT\n\n00:01.000 --> 00:03.000\nXin chào!\n'

const UPLOADS_ROUTE = '/uploads'
const MP4_HEAD = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex')

async function asRole(role: Role, call: Call, token: 'main' | 'spare' = 'main') {
  const headers: Record<string, string> = { ...call.headers }
  if (role !== 'anonymous') headers.authorization = `Bearer ${tokens[role][token]}`
  let body: string | FormData | undefined
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(call.json)
  } else if (call.form) body = call.form
  else if (call.raw !== undefined) body = call.raw
  const response = await fetch(`${server.api}${call.path}`, { method: call.method, headers, body })
  await response.arrayBuffer()
  return response.status
}

let entries = 0
/** A fresh entry of the Vietnamese lexicon (a removal takes it away): its id. */
async function lexiconEntry(): Promise<number> {
  // Letters only: a number is no part of a word's key.
  const headword = `từ thử ${'abcdefghijklmnopqrstuvwxyz'[entries++]}`
  await server.ctx.database.db.transaction().execute((trx) => server.ctx.services.lexicon.add(trx, 'vi', [{ headword, glosses: ['a test word'], reading: null, note: null }], 'admin', null))
  const row = await server.ctx.database.db.selectFrom('lexicon_entries').select('id').where('headword', '=', headword).executeTakeFirstOrThrow()
  return row.id
}

async function createSubmission(role: 'contributor' | 'admin') {
  const response = await fetch(`${server.api}/submissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[role].main}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      submission: {
        title: 'Chợ nổi Cái Răng',
        description: 'A floating market at dawn.',
        proficiency_level: 'beginner',
        language_code: 'vi',
        creator_emails: [],
        release_confirmed: true,
        publishable: true,
        client_id: uuidv7(),
      },
    }),
  })
  if (response.status !== 201) throw new Error(`could not create a submission: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: { id: number } }).data.id
}

function applicationForm() {
  const form = new FormData()
  form.append('name', 'Nguyễn Văn An')
  form.append('email', `applicant${Math.random().toString(36).slice(2)}@example.com`)
  form.append('location', 'Huế')
  form.append('english_ability', 'a_little')
  form.append('notes', '')
  form.append('video', new Blob([new Uint8Array(MP4_HEAD)], { type: 'video/mp4' }), 'sample.mp4')
  return form
}

const tusHeaders = (metadata: Record<string, string>) => ({
  'tus-resumable': '1.0.0',
  'upload-length': '1000',
  'upload-metadata': Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(','),
})

const ROWS: Row[] = [
  // Public
  { method: 'GET', route: '/health', expected: all(200), call: () => ({ method: 'GET', path: '/health' }) },
  { method: 'GET', route: '/health/live', expected: all(200), call: () => ({ method: 'GET', path: '/health/live' }) },
  { method: 'GET', route: '/health/ready', expected: all(200), call: () => ({ method: 'GET', path: '/health/ready' }) },
  { method: 'GET', route: '/demo/progress', expected: all(200), call: () => ({ method: 'GET', path: '/demo/progress' }) },
  { method: 'GET', route: '/languages', expected: all(200), call: () => ({ method: 'GET', path: '/languages' }) },
  { method: 'GET', route: '/billing/plans', expected: all(200), call: () => ({ method: 'GET', path: '/billing/plans' }) },
  { method: 'GET', route: '/dev/outbox', expected: all(200), call: () => ({ method: 'GET', path: '/dev/outbox' }) },
  { method: 'POST', route: '/auth/register', expected: all(202), call: () => ({ method: 'POST', path: '/auth/register', json: { email: 'someone@example.com' } }) },
  { method: 'POST', route: '/auth/verify', expected: all(401), call: () => ({ method: 'POST', path: '/auth/verify', json: { email: 'nobody@example.com', otp: '123456' } }) },
  { method: 'POST', route: '/waitlist', expected: all(202), call: () => ({ method: 'POST', path: '/waitlist', json: { email: 'soon@example.com' } }) },
  { method: 'POST', route: '/contributor_applications', expected: all(201), call: () => ({ method: 'POST', path: '/contributor_applications', form: applicationForm() }) },
  { method: 'POST', route: '/billing/webhook', expected: all(404), call: () => ({ method: 'POST', path: '/billing/webhook', json: {} }) },

  // Any signed-in person
  { method: 'GET', route: '/me', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me' }) },
  { method: 'PATCH', route: '/me/daily_goal', expected: signedIn(200), call: () => ({ method: 'PATCH', path: '/me/daily_goal', json: { daily_goal_minutes: 20 } }) },
  { method: 'PATCH', route: '/me', expected: signedIn(200), call: () => ({ method: 'PATCH', path: '/me', json: { user: { daily_goal_minutes: 25 } } }) },
  { method: 'GET', route: '/me/daily_progress', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/daily_progress' }) },
  { method: 'GET', route: '/me/progress', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/progress?language=vi' }) },
  { method: 'GET', route: '/languages/:code/videos', expected: signedIn(200), call: () => ({ method: 'GET', path: '/languages/vi/videos' }) },
  { method: 'GET', route: '/videos/:id/up_next', expected: signedIn(200), call: () => ({ method: 'GET', path: `/videos/${videoId}/up_next` }) },
  { method: 'GET', route: '/languages/:code/next_for_you', expected: signedIn(200), call: () => ({ method: 'GET', path: '/languages/vi/next_for_you' }) },
  { method: 'GET', route: '/languages/:code/series', expected: signedIn(200), call: () => ({ method: 'GET', path: '/languages/vi/series' }) },
  { method: 'GET', route: '/videos/:id', expected: signedIn(200), call: () => ({ method: 'GET', path: `/videos/${videoId}` }) },
  { method: 'GET', route: '/videos/:id/transcript', expected: signedIn(200), call: () => ({ method: 'GET', path: `/videos/${captionedVideoId}/transcript?lang=vi` }) },
  // The signed URL is the permission (a <track> sends no token): anyone holding it gets the track.
  { method: 'GET', route: '/videos/:id/captions/:file', expected: all(200), call: () => ({ method: 'GET', path: captionsUrl.replace('/api/v1', '') }) },
  {
    method: 'POST',
    route: '/watch_events',
    expected: signedIn(200),
    call: () => ({
      method: 'POST',
      path: '/watch_events',
      json: { events: [{ client_id: uuidv7(), video_id: videoId, position_from: 0, position_to: 5, watched_seconds: 5, playback_rate: 1, occurred_at: new Date().toISOString() }] },
    }),
  },
  {
    method: 'POST',
    route: '/ratings',
    expected: signedIn(200),
    call: () => ({ method: 'POST', path: '/ratings', json: { ratings: [{ client_id: uuidv7(), video_id: videoId, understood: 4, occurred_at: new Date().toISOString() }] } }),
  },
  { method: 'POST', route: '/user_feedbacks', expected: signedIn(201), call: () => ({ method: 'POST', path: '/user_feedbacks', json: { user_feedback: { feedback: 'Loving the videos so far!', environment_data: {}, client_id: uuidv7() } } }) },
  {
    method: 'POST',
    route: '/me/outside_hours',
    expected: signedIn(201),
    call: () => ({ method: 'POST', path: '/me/outside_hours', json: { entry: { client_id: uuidv7(), date: new Date().toISOString().slice(0, 10), minutes: 20, type: 'talking', note: '' } } }),
  },
  { method: 'POST', route: '/billing/checkout', expected: signedIn(201), call: () => ({ method: 'POST', path: '/billing/checkout', json: { plan: 'month' } }) },
  {
    method: 'POST',
    route: '/billing/confirm',
    expected: { ...signedIn(200), anonymous: 401 },
    call: async (role) => {
      if (role === 'anonymous') return { method: 'POST', path: '/billing/confirm', json: { session: 'local_x' } }
      // Each person confirms a checkout of their own (then reset, so roles stay as the matrix needs).
      const checkout = await fetch(`${server.api}/billing/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[role].main}`, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'month' }),
      })
      const session = new URL(((await checkout.json()) as { url: string }).url, 'http://x').searchParams.get('session')
      return { method: 'POST', path: '/billing/confirm', json: { session } }
    },
  },
  // Premium as /me shows it: admins are not premium for this (nor for the display name).
  { method: 'POST', route: '/billing/portal', expected: { ...premiumOrAdmin(200), admin: 403 }, call: () => ({ method: 'POST', path: '/billing/portal' }) },
  { method: 'GET', route: '/billing/subscription', expected: signedIn(200), call: () => ({ method: 'GET', path: '/billing/subscription' }) },
  // Each person has just paid in the row above, so each may cancel.
  { method: 'POST', route: '/billing/cancel', expected: signedIn(200), call: () => ({ method: 'POST', path: '/billing/cancel' }) },

  // Premium (admins too)
  { method: 'PATCH', route: '/me/display_name', expected: { ...premiumOrAdmin(200), admin: 403 }, call: (role) => ({ method: 'PATCH', path: '/me/display_name', json: { display_name: `Tên ${role}` } }) },
  { method: 'GET', route: '/videos/:id/comments', expected: premiumOrAdmin(200), call: () => ({ method: 'GET', path: `/videos/${videoId}/comments` }) },
  { method: 'POST', route: '/videos/:id/comments', expected: premiumOrAdmin(201), call: () => ({ method: 'POST', path: `/videos/${videoId}/comments`, json: { comment: { text: 'Hay quá!', client_id: uuidv7() } } }) },

  // Contributors (admins too)
  {
    method: 'POST',
    route: '/submissions',
    expected: contributorOrAdmin(201),
    call: () => ({
      method: 'POST',
      path: '/submissions',
      json: { submission: { title: 'Phố cổ', description: '', proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: false, client_id: uuidv7() } },
    }),
  },
  { method: 'GET', route: '/submissions', expected: contributorOrAdmin(200), call: () => ({ method: 'GET', path: '/submissions' }) },
  { method: 'GET', route: '/submissions/:id', expected: contributorOrAdmin(200), call: () => ({ method: 'GET', path: `/submissions/${submissionId}` }) },
  // The owner's submission: its owner and admins (another contributor gets 404: captions.routes.test.ts).
  {
    method: 'PUT',
    route: '/submissions/:id/captions/:lang',
    expected: contributorOrAdmin(200),
    call: () => ({ method: 'PUT', path: `/submissions/${submissionId}/captions/vi`, headers: { 'content-type': 'text/vtt' }, raw: VTT }),
  },
  { method: 'DELETE', route: '/submissions/:id/captions/:lang', expected: contributorOrAdmin(204), call: () => ({ method: 'DELETE', path: `/submissions/${submissionId}/captions/en` }) },
  // The owner sets the dialect; the status is the admins' (a contributor sending one gets 403: captions.routes.test.ts).
  {
    method: 'PATCH',
    route: '/submissions/:id',
    expected: contributorOrAdmin(200),
    call: (role) => ({ method: 'PATCH', path: `/submissions/${submissionId}`, json: { submission: role === 'admin' ? { status: 'accepted' } : { dialect: 'southern' } } }),
  },
  {
    method: 'DELETE',
    route: '/submissions/:id',
    expected: contributorOrAdmin(204),
    call: async () => ({ method: 'DELETE', path: `/submissions/${await createSubmission('contributor')}` }),
  },
  {
    method: 'POST',
    route: UPLOADS_ROUTE,
    // Only the submission's owner may upload to it, admin or not.
    expected: { anonymous: 401, learner: 403, premium: 403, contributor: 201, admin: 403 },
    call: async () => ({ method: 'POST', path: '/uploads', headers: tusHeaders({ submission_id: String(await createSubmission('contributor')), filename: 'a.mp4', filetype: 'video/mp4' }) }),
  },

  // Admins
  {
    method: 'POST',
    route: '/submissions/:id/publish',
    expected: adminOnly(409), // the admin gets past the role check to the rule: the video is not processed yet
    call: () => {
      const form = new FormData()
      form.append('title', 'Phố cổ')
      form.append('proficiency_level', 'beginner')
      form.append('is_free', 'true')
      form.append('series_mode', 'none')
      return { method: 'POST', path: `/submissions/${submissionId}/publish`, form }
    },
  },
  { method: 'GET', route: '/admin/videos', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/videos' }) },
  { method: 'PATCH', route: '/admin/videos/:id', expected: adminOnly(200), call: () => ({ method: 'PATCH', path: `/admin/videos/${videoId}`, json: { video: { access_level: 'free' } } }) },
  { method: 'POST', route: '/admin/videos/:id/thumbnails', expected: adminOnly(422), call: () => ({ method: 'POST', path: `/admin/videos/${videoId}/thumbnails`, form: new FormData() }) },
  { method: 'GET', route: '/admin/users', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/users' }) },
  { method: 'PATCH', route: '/admin/users/:id', expected: adminOnly(200), call: () => ({ method: 'PATCH', path: `/admin/users/${tokens.learner.id}`, json: { user: { display_name: 'Học viên' } } }) },
  { method: 'GET', route: '/admin/feedback', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/feedback?range=30d' }) },
  { method: 'GET', route: '/admin/feedback/:id', expected: adminOnly(200), call: () => ({ method: 'GET', path: `/admin/feedback/${feedbackId}` }) },
  { method: 'GET', route: '/admin/applications', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/applications' }) },
  { method: 'PATCH', route: '/admin/applications/:id', expected: adminOnly(200), call: () => ({ method: 'PATCH', path: `/admin/applications/${applicationId}`, json: { application: { status: 'rejected' } } }) },
  { method: 'GET', route: '/admin/applications/:id/video', expected: adminOnly(200), call: () => ({ method: 'GET', path: `/admin/applications/${applicationId}/video` }) },
  { method: 'GET', route: '/admin/summary', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/summary' }) },
  { method: 'GET', route: '/admin/jobs', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/jobs?state=failed' }) },
  { method: 'POST', route: '/admin/jobs/:id/retry', expected: adminOnly(200), call: () => ({ method: 'POST', path: `/admin/jobs/${failedJobId}/retry` }) },
  // Account preferences (issue 41)
  { method: 'GET', route: '/me/preferences', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/preferences' }) },
  {
    method: 'POST',
    route: '/me/preferences',
    expected: signedIn(200),
    call: () => ({ method: 'POST', path: '/me/preferences', json: { preferences: [{ client_id: uuidv7(), name: 'theme', value: 'dark', occurred_at: new Date().toISOString() }] } }),
  },
  // Words (issue 42)
  { method: 'GET', route: '/languages/:code/lexicon', expected: signedIn(200), call: () => ({ method: 'GET', path: '/languages/vi/lexicon' }) },
  { method: 'GET', route: '/videos/:id/words', expected: signedIn(200), call: () => ({ method: 'GET', path: `/videos/${captionedVideoId}/words` }) },
  {
    method: 'POST',
    route: '/word_states',
    expected: signedIn(200),
    call: () => ({ method: 'POST', path: '/word_states', json: { states: [{ client_id: uuidv7(), language: 'vi', key: 'xin chào', state: 'known', occurred_at: new Date().toISOString() }] } }),
  },
  { method: 'GET', route: '/me/word_states', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/word_states?language=vi' }) },
  // Saved lines (issue 43)
  {
    method: 'POST',
    route: '/cards',
    expected: signedIn(200),
    call: () => ({ method: 'POST', path: '/cards', json: { cards: [{ client_id: uuidv7(), video_id: videoId, start: 1, end: 3, text: 'Xin chào!', translation: null, created_at: new Date().toISOString() }] } }),
  },
  {
    method: 'POST',
    route: '/reviews',
    expected: signedIn(200),
    call: () => ({ method: 'POST', path: '/reviews', json: { reviews: [{ client_id: uuidv7(), card_id: uuidv7(), rating: 3, reviewed_at: new Date().toISOString(), duration_ms: 1000 }] } }),
  },
  {
    method: 'POST',
    route: '/card_removals',
    expected: signedIn(200),
    call: () => ({ method: 'POST', path: '/card_removals', json: { removals: [{ client_id: uuidv7(), card_id: uuidv7(), occurred_at: new Date().toISOString() }] } }),
  },
  { method: 'GET', route: '/me/cards', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/cards?language=vi' }) },
  { method: 'GET', route: '/me/cards/export.apkg', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/cards/export.apkg?language=vi' }) },
  // The grant in the URL is the permission, whoever sends it: a forged one is refused to every caller.
  { method: 'GET', route: '/cards/:id/audio', expected: all(403), call: () => ({ method: 'GET', path: `/cards/${uuidv7()}/audio?grant=1.0123456789abcdef.x.9999999999.0.forged` }) },
  { method: 'GET', route: '/languages/:code/common_words', expected: signedIn(200), call: () => ({ method: 'GET', path: '/languages/vi/common_words?limit=5' }) },
  {
    method: 'PUT',
    route: '/submissions/:id/glossary',
    expected: contributorOrAdmin(200),
    call: () => ({ method: 'PUT', path: `/submissions/${submissionId}/glossary`, json: { entries: [{ headword: 'chợ nổi', glosses: ['floating market'] }] } }),
  },
  // The captioning studio (issue 44): the owner's and admins' (another contributor gets 404: studio-captions.routes.test.ts).
  { method: 'GET', route: '/submissions/:id/glossary', expected: contributorOrAdmin(200), call: () => ({ method: 'GET', path: `/submissions/${submissionId}/glossary` }) },
  // A processed submission with no peaks yet: its job is queued on this first ask, 202 pending (studio-waveform.routes.test.ts).
  { method: 'GET', route: '/submissions/:id/waveform', expected: contributorOrAdmin(202), call: () => ({ method: 'GET', path: `/submissions/${captionedSubmissionId}/waveform` }) },
  { method: 'GET', route: '/submissions/:id/captions/:lang', expected: contributorOrAdmin(200), call: () => ({ method: 'GET', path: `/submissions/${captionedSubmissionId}/captions/vi` }) },
  { method: 'GET', route: '/submissions/:id/glossary/suggestions', expected: contributorOrAdmin(200), call: () => ({ method: 'GET', path: `/submissions/${submissionId}/glossary/suggestions` }) },
  { method: 'GET', route: '/admin/lexicon', expected: adminOnly(200), call: () => ({ method: 'GET', path: '/admin/lexicon?language=vi&q=xin' }) },
  {
    method: 'PATCH',
    route: '/admin/lexicon/:id',
    expected: adminOnly(200),
    call: async () => ({ method: 'PATCH', path: `/admin/lexicon/${await lexiconEntry()}`, json: { entry: { glosses: ['hello'] } } }),
  },
  { method: 'DELETE', route: '/admin/lexicon/:id', expected: adminOnly(204), call: async () => ({ method: 'DELETE', path: `/admin/lexicon/${await lexiconEntry()}` }) },

  { method: 'GET', route: '/me/export', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/export' }) },
  { method: 'GET', route: '/me/export.csv', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/export.csv' }) },
  { method: 'POST', route: '/me/delete/code', expected: signedIn(202), call: () => ({ method: 'POST', path: '/me/delete/code' }) },
  { method: 'POST', route: '/me/delete', expected: signedIn(422), call: () => ({ method: 'POST', path: '/me/delete', json: { otp: '12' } }) },
  { method: 'GET', route: '/me/sessions', expected: signedIn(200), call: () => ({ method: 'GET', path: '/me/sessions' }) },
  { method: 'DELETE', route: '/me/sessions/:id', expected: signedIn(404), call: () => ({ method: 'DELETE', path: '/me/sessions/0123456789abcdef' }) },
  // Ends every session but main (the spare one too: the logout row below signs a new spare in).
  { method: 'POST', route: '/me/sessions/sign_out_others', expected: signedIn(200), call: () => ({ method: 'POST', path: '/me/sessions/sign_out_others' }) },

  // Last: it ends the session it is sent with (the spare one).
  {
    method: 'POST',
    route: '/auth/logout',
    expected: signedIn(204),
    call: async (role) => {
      if (role !== 'anonymous') tokens[role].spare = (await signIn(server, tokens[role].email)).token
      return { method: 'POST', path: '/auth/logout' }
    },
  },
]

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_PER_HOUR: '1000', OTP_SENDS_PER_ADDRESS_PER_HOUR: '100', ADMIN_EMAILS: 'matrix-admin@example.com' } })
  for (const role of ['learner', 'premium', 'contributor', 'admin'] as const) {
    const email = role === 'admin' ? 'matrix-admin@example.com' : `matrix-${role}@example.com`
    const main = await signIn(server, email)
    const spare = await signIn(server, email)
    tokens[role] = { main: main.token, spare: spare.token, id: main.user.id, email }
  }
  await makePremium(server, tokens.premium.id)
  await makeContributor(server, tokens.contributor.id)
  videoId = await seedVideo(server, { access: 'free' })
  submissionId = await createSubmission('contributor')
  // Processed and published with captions, as the demo seed does it.
  captionedSubmissionId = await createSubmission('contributor')
  await server.ctx.database.db
    .updateTable('submissions')
    .set({ processing_state: 'ready', media_key: 'c'.repeat(32), duration_seconds: 10 })
    .where('id', '=', captionedSubmissionId)
    .execute()
  await server.ctx.services.captions.save(captionedSubmissionId, 'vi', VTT)
  captionedVideoId = await server.ctx.services.publishing.publishAs(
    captionedSubmissionId,
    { title: 'Xin chào', description: '', proficiency_level: 'introductory', is_free: true, youtube_title: null, youtube_description: null, series_mode: 'none', series_id: null, new_series_name: null, new_series_description: null, episode_number: null },
    'free',
  )
  const detail = await fetch(`${server.api}/videos/${captionedVideoId}`, { headers: { authorization: `Bearer ${tokens.admin.main}` } })
  captionsUrl = ((await detail.json()) as { data: { playback: { captions: { url: string }[] } } }).data.playback.captions[0].url
  const feedback = await fetch(`${server.api}/user_feedbacks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.learner.main}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_feedback: { feedback: 'A note for the admins to read.', environment_data: {} } }),
  })
  feedbackId = ((await feedback.json()) as { data: { id: number } }).data.id
  const application = await fetch(`${server.api}/contributor_applications`, { method: 'POST', body: applicationForm() })
  applicationId = ((await application.json()) as { data: { id: number } }).data.id
  // A failed job of a kind no queue here runs (retried, it stays queued).
  failedJobId = (await server.ctx.database.db
    .insertInto('jobs')
    .values({ kind: 'matrix_probe', payload: '{}', state: 'failed', attempts: 1, error: 'probe', created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()).id
})
afterAll(() => server.close())

describe('authorization matrix', () => {
  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      const seen = {} as Expected
      for (const role of ROLES) {
        seen[role] = await asRole(role, await row.call(role), row.route === '/auth/logout' ? 'spare' : 'main')
        // Paying in the matrix must not change who is premium for the rows after it.
        if (row.route === '/billing/confirm' && role !== 'anonymous') await makePremium(server, tokens[role].id, role === 'premium')
      }
      expect(seen).toEqual(row.expected)
    })
  }

  it('answers a refused caller 401 or 403 before a word about a bad body, query or id, on every route', async () => {
    const junkQuery = '?limit=abc&cursor=%00&status=nope&range=nope&access=nope&mine=maybe&q=' + 'x'.repeat(300)
    const wrong: string[] = []
    for (const row of ROWS) {
      if (row.route === UPLOADS_ROUTE) continue // tus speaks its own protocol (Upload-Metadata), covered by its tests
      // A status every caller gets (the public /auth/verify's 401 for a wrong code) is no role refusal.
      if (new Set(Object.values(row.expected)).size === 1) continue
      const path = row.route.replace(':id', '0x7').replace(':code', 'vi') + junkQuery
      const json = row.method === 'GET' ? undefined : { nonsense: [1], user: 'x', comment: null }
      for (const role of ROLES) {
        const expected = row.expected[role]
        if (expected !== 401 && expected !== 403) continue
        const seen = await asRole(role, { method: row.method, path, json })
        if (seen !== expected) wrong.push(`${row.method} ${row.route} as ${role}: ${seen}, not ${expected}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it("has a row for every route of the contract's table, and the app serves exactly those", () => {
    const table = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`)
    const covered = new Set(ROWS.map((row) => `${row.method} ${row.route}`))
    expect(covered.size).toBe(table.length)
    expect(table.filter((route) => !covered.has(route))).toEqual([])
    // Registered by name through routes/route.ts: every name of the table, and nothing else.
    expect(server.app.locals.routes).toEqual(Object.keys(ROUTES).sort())
  })
})
