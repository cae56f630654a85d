/**
 * Every route of the API, described once: name, method, path (under API_BASE), who may call it, and the
 * reader of its body. The server registers its routes from this table, the body reader included
 * (sync-server/src/routes/route.ts), the authorization matrix test walks it, docs/api.md's endpoint index
 * is generated from it (`npm run docs:api`), and the PWA calls through it (pwa/src/data/api-call.ts). The
 * zod schemas of bodies, queries and answers are in route-schemas.ts, by the same names, apart, so the
 * PWA takes their types without loading zod.
 *
 * Roles: `public` anyone; `loopback` anyone on the server's own machine (development only); `grant` a
 * signed media grant in the query instead of a session; `signed_in`; `premium` (premium members only);
 * `premium_or_admin`; `contributor` (contributor or admin); `admin`; `stripe` a signed Stripe event.
 * Bodies (the reader the server puts on the route):
 * - `none`: nothing is read for the route (on the API a JSON body is still read, and ignored, as every
 *   API call's is);
 * - `json`: the API's JSON reader with its limit, read first (before the role check: it is small);
 * - `raw`: the bytes as sent, whole, up to the limit, of the declared types (a caption file, a Stripe
 *   event), read after the route's checks, uncompressed;
 * - `multipart`: a form streamed to disk, its files named with their largest sizes, read after the
 *   route's checks;
 * - `tus`: the upload protocol (the tus server reads its PATCH streams).
 * Where the server mounts a route is the table's too: a body that is not JSON (raw, multipart, tus) and an
 * entry marked `ahead` are served on the app ahead of the API router (whose JSON reader would refuse them,
 * or whose stack costs the call every open app polls); the rest on the API router.
 */
import { CAPTIONS_CONTENT_TYPE, CAPTIONS_MAX_BYTES, JSON_BODY_MAX_BYTES, STRIPE_EVENT_MAX_BYTES, THUMBNAIL_MAX_BYTES, APPLICATION_VIDEO_MAX_BYTES } from './limits.ts'

export type RouteRole = 'public' | 'loopback' | 'grant' | 'signed_in' | 'premium' | 'premium_or_admin' | 'contributor' | 'admin' | 'stripe'
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export type BodyReader =
  | { kind: 'none' }
  | { kind: 'json'; limitBytes: number }
  | {
      kind: 'raw'
      limitBytes: number
      /** Said in the 413 answer. */
      tooLarge: string
      /** The content types accepted, UTF-8 or with no charset (any type when left out), and the 415 for another. */
      types?: readonly string[]
      refused?: string
    }
  | {
      kind: 'multipart'
      /** The form's files by field name, each with its largest size in bytes (inclusive). */
      files: Readonly<Record<string, number>>
    }
  | { kind: 'tus' }

export interface RouteSpec {
  method: RouteMethod
  path: string
  role: RouteRole
  body: BodyReader
  /** Served on the app ahead of the API router although its body is JSON or none. */
  ahead?: true
  /** The 403's sentence for a caller without the role, where it is the route's own (premium, loopback). */
  refused?: string
}

const none = { kind: 'none' } as const
const json = { kind: 'json', limitBytes: JSON_BODY_MAX_BYTES } as const
const tus = { kind: 'tus' } as const
const raw = (limitBytes: number, tooLarge: string, accepts?: { types: readonly string[]; refused: string }) => ({ kind: 'raw' as const, limitBytes, tooLarge, ...accepts })
const multipart = (files: Record<string, number>) => ({ kind: 'multipart' as const, files })

const route = <M extends RouteMethod, P extends string, R extends RouteRole, B extends BodyReader>(
  method: M,
  path: P,
  role: R,
  body: B,
  more: { ahead?: true; refused?: string } = {},
) => ({ method, path, role, body, ...more })
const premium = (refused: string) => ({ refused })

export const ROUTES = {
  // Health, languages, waiting list, development
  'health.get': route('GET', '/health', 'public', none),
  'health.live': route('GET', '/health/live', 'public', none),
  'health.ready': route('GET', '/health/ready', 'public', none),
  'demo.progress': route('GET', '/demo/progress', 'public', none),
  'languages.list': route('GET', '/languages', 'public', none),
  'waitlist.join': route('POST', '/waitlist', 'public', json),
  'dev.outbox': route('GET', '/dev/outbox', 'loopback', none, { refused: 'The development outbox answers only requests from this machine (development mode).' }),
  // Sign-in
  'auth.register': route('POST', '/auth/register', 'public', json),
  'auth.verify': route('POST', '/auth/verify', 'public', json),
  'auth.logout': route('POST', '/auth/logout', 'signed_in', none),
  // The current user
  'me.get': route('GET', '/me', 'signed_in', none),
  'me.update': route('PATCH', '/me', 'signed_in', json),
  'me.displayName': route('PATCH', '/me/display_name', 'premium', json, premium('Changing your display name is a premium feature.')),
  'me.dailyGoal': route('PATCH', '/me/daily_goal', 'signed_in', json),
  'me.dailyProgress': route('GET', '/me/daily_progress', 'signed_in', none, { ahead: true }),
  'me.progress': route('GET', '/me/progress', 'signed_in', none),
  'me.preferences': route('GET', '/me/preferences', 'signed_in', none),
  'me.updatePreferences': route('POST', '/me/preferences', 'signed_in', json),
  'feedback.create': route('POST', '/user_feedbacks', 'signed_in', json),
  // The account
  'account.export': route('GET', '/me/export', 'signed_in', none),
  'account.exportCsv': route('GET', '/me/export.csv', 'signed_in', none),
  'account.sessions': route('GET', '/me/sessions', 'signed_in', none),
  'account.signOutSession': route('DELETE', '/me/sessions/:id', 'signed_in', none),
  'account.signOutOthers': route('POST', '/me/sessions/sign_out_others', 'signed_in', none),
  'account.deletionCode': route('POST', '/me/delete/code', 'signed_in', none),
  'account.delete': route('POST', '/me/delete', 'signed_in', json),
  // Catalogue and playback
  'videos.list': route('GET', '/languages/:code/videos', 'signed_in', none),
  'videos.get': route('GET', '/videos/:id', 'signed_in', none),
  'videos.transcript': route('GET', '/videos/:id/transcript', 'signed_in', none),
  'videos.captionFile': route('GET', '/videos/:id/captions/:file', 'grant', none),
  'series.list': route('GET', '/languages/:code/series', 'signed_in', none),
  // Watching
  'watchEvents.create': route('POST', '/watch_events', 'signed_in', json),
  'outsideHours.create': route('POST', '/me/outside_hours', 'signed_in', json),
  'comments.list': route('GET', '/videos/:id/comments', 'premium_or_admin', none, premium('Sign up for premium to join the conversation.')),
  'comments.create': route('POST', '/videos/:id/comments', 'premium_or_admin', json, premium('Sign up for premium to join the conversation.')),
  // The learner's compass
  'ratings.create': route('POST', '/ratings', 'signed_in', json),
  'compass.upNext': route('GET', '/videos/:id/up_next', 'signed_in', none),
  'compass.nextForYou': route('GET', '/languages/:code/next_for_you', 'signed_in', none),
  // Words
  'lexicon.get': route('GET', '/languages/:code/lexicon', 'signed_in', none),
  'videos.words': route('GET', '/videos/:id/words', 'signed_in', none),
  'wordStates.create': route('POST', '/word_states', 'signed_in', json),
  'wordStates.list': route('GET', '/me/word_states', 'signed_in', none),
  'words.common': route('GET', '/languages/:code/common_words', 'signed_in', none),
  'submissions.putGlossary': route('PUT', '/submissions/:id/glossary', 'contributor', json),
  'submissions.glossarySuggestions': route('GET', '/submissions/:id/glossary/suggestions', 'contributor', none),
  'submissions.getGlossary': route('GET', '/submissions/:id/glossary', 'contributor', none),
  'admin.lexicon': route('GET', '/admin/lexicon', 'admin', none),
  'admin.updateLexiconEntry': route('PATCH', '/admin/lexicon/:id', 'admin', json),
  'admin.deleteLexiconEntry': route('DELETE', '/admin/lexicon/:id', 'admin', none),
  // Saved lines and review
  'cards.create': route('POST', '/cards', 'signed_in', json),
  'cardRemovals.create': route('POST', '/card_removals', 'signed_in', json),
  'reviews.create': route('POST', '/reviews', 'signed_in', json),
  'cards.list': route('GET', '/me/cards', 'signed_in', none),
  'cards.exportApkg': route('GET', '/me/cards/export.apkg', 'signed_in', none),
  'cards.audio': route('GET', '/cards/:id/audio', 'grant', none),
  // Contributors
  'submissions.create': route('POST', '/submissions', 'contributor', json),
  'submissions.list': route('GET', '/submissions', 'contributor', none),
  'submissions.get': route('GET', '/submissions/:id', 'contributor', none),
  'submissions.update': route('PATCH', '/submissions/:id', 'contributor', json),
  'submissions.delete': route('DELETE', '/submissions/:id', 'contributor', none),
  'submissions.publish': route('POST', '/submissions/:id/publish', 'admin', multipart({ product_thumbnail: THUMBNAIL_MAX_BYTES, youtube_thumbnail: THUMBNAIL_MAX_BYTES })),
  'submissions.putCaptions': route('PUT', '/submissions/:id/captions/:lang', 'contributor', raw(CAPTIONS_MAX_BYTES, 'A caption file must be 1 MB or smaller.', { types: [CAPTIONS_CONTENT_TYPE], refused: 'Send the captions as a WebVTT file (text/vtt, UTF-8).' })),
  'submissions.deleteCaptions': route('DELETE', '/submissions/:id/captions/:lang', 'contributor', none),
  // The captioning studio
  'submissions.getCaptions': route('GET', '/submissions/:id/captions/:lang', 'contributor', none),
  'submissions.waveform': route('GET', '/submissions/:id/waveform', 'contributor', none),
  'uploads.create': route('POST', '/uploads', 'contributor', tus),
  'applications.create': route('POST', '/contributor_applications', 'public', multipart({ video: APPLICATION_VIDEO_MAX_BYTES - 1 })),
  // Admin
  'admin.videos': route('GET', '/admin/videos', 'admin', none),
  'admin.updateVideo': route('PATCH', '/admin/videos/:id', 'admin', json),
  'admin.videoThumbnails': route('POST', '/admin/videos/:id/thumbnails', 'admin', multipart({ thumbnail: THUMBNAIL_MAX_BYTES, youtube_thumbnail: THUMBNAIL_MAX_BYTES })),
  'admin.users': route('GET', '/admin/users', 'admin', none),
  'admin.updateUser': route('PATCH', '/admin/users/:id', 'admin', json),
  'admin.feedback': route('GET', '/admin/feedback', 'admin', none),
  'admin.feedbackItem': route('GET', '/admin/feedback/:id', 'admin', none),
  'admin.applications': route('GET', '/admin/applications', 'admin', none),
  'admin.updateApplication': route('PATCH', '/admin/applications/:id', 'admin', json),
  'admin.applicationVideo': route('GET', '/admin/applications/:id/video', 'admin', none),
  'admin.summary': route('GET', '/admin/summary', 'admin', none),
  'admin.jobs': route('GET', '/admin/jobs', 'admin', none),
  'admin.retryJob': route('POST', '/admin/jobs/:id/retry', 'admin', none),
  // Billing
  'billing.plans': route('GET', '/billing/plans', 'public', none),
  'billing.checkout': route('POST', '/billing/checkout', 'signed_in', json),
  'billing.confirm': route('POST', '/billing/confirm', 'signed_in', json),
  'billing.portal': route('POST', '/billing/portal', 'premium', none, premium('The billing portal is for premium members.')),
  'billing.subscription': route('GET', '/billing/subscription', 'signed_in', none),
  'billing.cancel': route('POST', '/billing/cancel', 'signed_in', none),
  'billing.webhook': route('POST', '/billing/webhook', 'stripe', raw(STRIPE_EVENT_MAX_BYTES, 'The request body is too large.')),
} as const satisfies Record<string, RouteSpec>

export type RouteName = keyof typeof ROUTES
