/**
 * A person with one of everything the service keeps about someone, made through the real API where the
 * API makes it (sign-in, goal, watching, outside hours, comment, feedback, submission, application,
 * waitlist), and straight in the database where only a provider would (a subscription, a published
 * video of their submission). The account export and deletion tests both start from it.
 */
import { uuidv7 } from '../../contract/index.ts'
import { makePremium, seedVideo, watchEvent } from './catalogue-fixtures.ts'
import { apiClient } from './http-client.ts'
import { signIn, type TestServer } from './test-server.ts'
import { makeContributor, updateUser } from './users.ts'

/** The display name the fixture gives a person: what a video credits them as. */
export const displayNameOf = (email: string) => `Name ${email.split('@')[0]}`

export const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const MP4_HEAD = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663310000000866726565', 'hex')

export interface Person {
  id: number
  /** A video the person watched whole and rated. */
  ratedVideoId: number
  email: string
  token: string
  api: ReturnType<typeof apiClient>
  videoId: number
  submissionId: number
  publishedVideoId: number
  commentId: number
  feedbackId: number
  applicationId: number
}

export async function personWithEverything(
  server: TestServer,
  email: string,
  options: { videoId?: number; publishedMediaKey?: string; stripe?: { customer: string; subscription: string } } = {},
): Promise<Person> {
  const db = server.ctx.database.db
  const signedIn = await signIn(server, email, { 'user-agent': PHONE_AGENT })
  const api = apiClient(server.api, { token: signedIn.token, headers: { 'x-time-zone': 'Asia/Ho_Chi_Minh' } })
  const id = signedIn.user.id
  await makePremium(server, id)
  await makeContributor(server, id)
  await updateUser(server, id, { display_name: displayNameOf(email) })
  const videoId = options.videoId ?? (await seedVideo(server, { title: 'Chợ Bến Thành, "sáng sớm", 5 giờ' }))
  const must = async (what: string, call: Promise<{ status: number; body: unknown }>, ...ok: number[]) => {
    const answer = await call
    if (!ok.includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body as { data: { id: number } }
  }

  await must('daily goal', api.patch('/me/daily_goal', { daily_goal_minutes: 25 }), 200)
  const now = server.clock.now()
  const events = [0, 1, 2].map((i) => watchEvent(server, videoId, { occurred_at: new Date(now - (3 - i) * 60_000).toISOString() }))
  await must('watch events', api.post('/watch_events', { events }), 200)
  // A short video watched whole and rated (a rating needs half the video watched).
  const ratedVideoId = await seedVideo(server, { title: `Rated by ${email}`, duration: 20 })
  const watchedWhole = watchEvent(server, ratedVideoId, { position_to: 20, watched_seconds: 20, occurred_at: new Date(now - 10 * 60_000).toISOString() })
  await must('watched whole', api.post('/watch_events', { events: [watchedWhole] }), 200)
  const rating = { client_id: uuidv7(), video_id: ratedVideoId, understood: 4, occurred_at: new Date(now - 9 * 60_000).toISOString() }
  const rated = (await must('rating', api.post('/ratings', { ratings: [rating] }), 200)) as unknown as { data: { accepted: string[] } }
  if (!rated.data.accepted.includes(rating.client_id)) throw new Error(`rating not accepted: ${JSON.stringify(rated)}`)
  const states = ['cảm ơn', 'xin chào'].map((key) => ({ client_id: uuidv7(), language: 'vi', key, state: 'known', occurred_at: new Date(now - 8 * 60_000).toISOString() }))
  const marked = (await must('word states', api.post('/word_states', { states }), 200)) as unknown as { data: { accepted: string[] } }
  if (marked.data.accepted.length !== states.length) throw new Error(`word states not accepted: ${JSON.stringify(marked)}`)
  // Saved lines (issue 43): two cards, a review of one, the other removed.
  const lines = [2, 8].map((start) => ({ client_id: uuidv7(), video_id: videoId, start, end: start + 2.5, text: `Câu ${start} của ${email}`, translation: `Line ${start}`, created_at: new Date(now - 7 * 60_000).toISOString() }))
  await must('cards', api.post('/cards', { cards: lines }), 200)
  await must('review', api.post('/reviews', { reviews: [{ client_id: uuidv7(), card_id: lines[0]!.client_id, rating: 3, reviewed_at: new Date(now - 6 * 60_000).toISOString(), duration_ms: 4000 }] }), 200)
  await must('card removal', api.post('/card_removals', { removals: [{ client_id: uuidv7(), card_id: lines[1]!.client_id, occurred_at: new Date(now - 5 * 60_000).toISOString() }] }), 200)
  const preferences = [
    { client_id: uuidv7(), name: 'theme', value: 'dark', occurred_at: new Date(now - 7 * 60_000).toISOString() },
    { client_id: uuidv7(), name: 'learning_language', value: 'vi', occurred_at: new Date(now - 7 * 60_000).toISOString() },
  ]
  const kept = (await must('preferences', api.post('/me/preferences', { preferences }), 200)) as unknown as { data: { accepted: string[] } }
  if (kept.data.accepted.length !== preferences.length) throw new Error(`preferences not accepted: ${JSON.stringify(kept)}`)
  await must('outside hours', api.post('/me/outside_hours', { entry: { client_id: uuidv7(), date: new Date(now).toISOString().slice(0, 10), minutes: 30, type: 'listening', note: `Podcast of ${email}` } }), 201)
  const comment = await must('comment', api.post(`/videos/${videoId}/comments`, { comment: { text: `Hay quá! (${email})`, client_id: uuidv7() } }), 201)
  const feedback = await must('feedback', api.post('/user_feedbacks', { user_feedback: { feedback: `Feedback from ${email}, thanks.`, environment_data: { userAgent: PHONE_AGENT, screen: '390x844' } } }), 201)
  const submission = await must(
    'submission',
    api.post('/submissions', {
      submission: {
        title: `Published by ${email}`,
        description: 'A walk through the market.',
        proficiency_level: 'beginner',
        language_code: 'vi',
        creator_emails: [email, 'featured-cook@example.com'],
        release_confirmed: true,
        publishable: true,
        client_id: uuidv7(),
      },
    }),
    201,
  )
  await must(
    'unpublished submission',
    api.post('/submissions', {
      submission: { title: `Draft of ${email}`, proficiency_level: 'beginner', language_code: 'vi', creator_emails: [], release_confirmed: true, publishable: false, client_id: uuidv7() },
    }),
    201,
  )
  // The first submission, published as a video of the catalogue.
  const publishedVideoId = await seedVideo(server, { title: `Published by ${email}`, mediaKey: options.publishedMediaKey, duration: 12 })
  await db.updateTable('videos').set({ submission_id: submission.data.id }).where('id', '=', publishedVideoId).execute()
  await db.updateTable('submissions').set({ published_video_id: publishedVideoId, status: 'accepted' }).where('id', '=', submission.data.id).execute()

  const form = new FormData()
  form.append('name', `Applicant ${email}`)
  form.append('email', email)
  form.append('location', 'Huế')
  form.append('english_ability', 'a_little')
  form.append('notes', 'I would love to record.')
  form.append('video', new Blob([new Uint8Array(MP4_HEAD)], { type: 'video/mp4' }), 'sample.mp4')
  const application = await fetch(`${server.api}/contributor_applications`, { method: 'POST', body: form })
  if (application.status !== 201) throw new Error(`application answered ${application.status}`)
  const applicationId = ((await application.json()) as { data: { id: number } }).data.id
  await must('waitlist', apiClient(server.api).post('/waitlist', { email }), 202)

  const iso = new Date(now).toISOString()
  await db
    .insertInto('subscriptions')
    .values({
      user_id: id,
      provider: options.stripe ? 'stripe' : 'local',
      plan: 'year',
      status: 'active',
      current_period_end: new Date(now + 200 * 86_400_000).toISOString(),
      stripe_customer_id: options.stripe?.customer ?? null,
      stripe_subscription_id: options.stripe?.subscription ?? null,
      updated_at: iso,
    })
    .execute()
  await db.insertInto('billing_checkouts').values({ id: `co_${uuidv7()}`, user_id: id, plan: 'year', provider: options.stripe ? 'stripe' : 'local', status: 'paid', created_at: iso, completed_at: iso }).execute()

  return {
    id,
    email,
    token: signedIn.token,
    api,
    videoId,
    ratedVideoId,
    submissionId: submission.data.id,
    publishedVideoId,
    commentId: comment.data.id,
    feedbackId: feedback.data.id,
    applicationId,
  }
}
