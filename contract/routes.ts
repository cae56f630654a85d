/**
 * Every route of the API, described once: name, method, path (under API_BASE), who may call it, and how
 * its body travels. The server registers its routes from this table (sync-server/src/routes/route.ts),
 * the authorization matrix test walks it, docs/api.md's endpoint index is generated from it
 * (`npm run docs:api`), and the PWA calls through it (pwa/src/data/api-call.ts). The zod schemas of
 * bodies and queries are in route-schemas.ts, apart, so the PWA takes their types without loading zod.
 *
 * Roles: `public` anyone; `loopback` anyone on the server's own machine (development only); `grant` a
 * signed media grant in the query instead of a session; `signed_in`; `premium` (premium members only);
 * `premium_or_admin`; `contributor` (contributor or admin); `admin`; `stripe` a signed Stripe event.
 * Bodies: `none`, `json` (the API's JSON reader, 256 KB), `multipart` (streamed to disk), `tus` (the
 * upload protocol's PATCH stream), `raw` (the bytes as sent: a caption file, a Stripe event).
 */
export type RouteRole = 'public' | 'loopback' | 'grant' | 'signed_in' | 'premium' | 'premium_or_admin' | 'contributor' | 'admin' | 'stripe'
export type BodyKind = 'none' | 'json' | 'multipart' | 'tus' | 'raw'
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface RouteSpec {
  method: RouteMethod
  path: string
  role: RouteRole
  body: BodyKind
}

const route = <M extends RouteMethod, P extends string, R extends RouteRole, B extends BodyKind>(method: M, path: P, role: R, body: B) => ({ method, path, role, body })

export const ROUTES = {
  // Health, languages, waiting list, development
  'health.get': route('GET', '/health', 'public', 'none'),
  'languages.list': route('GET', '/languages', 'public', 'none'),
  'waitlist.join': route('POST', '/waitlist', 'public', 'json'),
  'dev.outbox': route('GET', '/dev/outbox', 'loopback', 'none'),
  // Sign-in
  'auth.register': route('POST', '/auth/register', 'public', 'json'),
  'auth.verify': route('POST', '/auth/verify', 'public', 'json'),
  'auth.logout': route('POST', '/auth/logout', 'signed_in', 'none'),
  // The current user
  'me.get': route('GET', '/me', 'signed_in', 'none'),
  'me.update': route('PATCH', '/me', 'signed_in', 'json'),
  'me.displayName': route('PATCH', '/me/display_name', 'premium', 'json'),
  'me.dailyGoal': route('PATCH', '/me/daily_goal', 'signed_in', 'json'),
  'me.dailyProgress': route('GET', '/me/daily_progress', 'signed_in', 'none'),
  'me.progress': route('GET', '/me/progress', 'signed_in', 'none'),
  'feedback.create': route('POST', '/user_feedbacks', 'signed_in', 'json'),
  // The account
  'account.export': route('GET', '/me/export', 'signed_in', 'none'),
  'account.exportCsv': route('GET', '/me/export.csv', 'signed_in', 'none'),
  'account.sessions': route('GET', '/me/sessions', 'signed_in', 'none'),
  'account.signOutSession': route('DELETE', '/me/sessions/:id', 'signed_in', 'none'),
  'account.signOutOthers': route('POST', '/me/sessions/sign_out_others', 'signed_in', 'none'),
  'account.deletionCode': route('POST', '/me/delete/code', 'signed_in', 'none'),
  'account.delete': route('POST', '/me/delete', 'signed_in', 'json'),
  // Catalogue and playback
  'videos.list': route('GET', '/languages/:code/videos', 'signed_in', 'none'),
  'videos.get': route('GET', '/videos/:id', 'signed_in', 'none'),
  'videos.transcript': route('GET', '/videos/:id/transcript', 'signed_in', 'none'),
  'videos.captionFile': route('GET', '/videos/:id/captions/:file', 'grant', 'none'),
  'series.list': route('GET', '/languages/:code/series', 'signed_in', 'none'),
  // Watching
  'watchEvents.create': route('POST', '/watch_events', 'signed_in', 'json'),
  'outsideHours.create': route('POST', '/me/outside_hours', 'signed_in', 'json'),
  'comments.list': route('GET', '/videos/:id/comments', 'premium_or_admin', 'none'),
  'comments.create': route('POST', '/videos/:id/comments', 'premium_or_admin', 'json'),
  // The learner's compass
  'ratings.create': route('POST', '/ratings', 'signed_in', 'json'),
  'compass.upNext': route('GET', '/videos/:id/up_next', 'signed_in', 'none'),
  'compass.nextForYou': route('GET', '/languages/:code/next_for_you', 'signed_in', 'none'),
  // Contributors
  'submissions.create': route('POST', '/submissions', 'contributor', 'json'),
  'submissions.list': route('GET', '/submissions', 'contributor', 'none'),
  'submissions.get': route('GET', '/submissions/:id', 'contributor', 'none'),
  'submissions.update': route('PATCH', '/submissions/:id', 'contributor', 'json'),
  'submissions.delete': route('DELETE', '/submissions/:id', 'contributor', 'none'),
  'submissions.publish': route('POST', '/submissions/:id/publish', 'admin', 'multipart'),
  'submissions.putCaptions': route('PUT', '/submissions/:id/captions/:lang', 'contributor', 'raw'),
  'submissions.deleteCaptions': route('DELETE', '/submissions/:id/captions/:lang', 'contributor', 'none'),
  'uploads.create': route('POST', '/uploads', 'contributor', 'tus'),
  'applications.create': route('POST', '/contributor_applications', 'public', 'multipart'),
  // Admin
  'admin.videos': route('GET', '/admin/videos', 'admin', 'none'),
  'admin.updateVideo': route('PATCH', '/admin/videos/:id', 'admin', 'json'),
  'admin.videoThumbnails': route('POST', '/admin/videos/:id/thumbnails', 'admin', 'multipart'),
  'admin.users': route('GET', '/admin/users', 'admin', 'none'),
  'admin.updateUser': route('PATCH', '/admin/users/:id', 'admin', 'json'),
  'admin.feedback': route('GET', '/admin/feedback', 'admin', 'none'),
  'admin.feedbackItem': route('GET', '/admin/feedback/:id', 'admin', 'none'),
  'admin.applications': route('GET', '/admin/applications', 'admin', 'none'),
  'admin.updateApplication': route('PATCH', '/admin/applications/:id', 'admin', 'json'),
  'admin.applicationVideo': route('GET', '/admin/applications/:id/video', 'admin', 'none'),
  'admin.jobs': route('GET', '/admin/jobs', 'admin', 'none'),
  'admin.retryJob': route('POST', '/admin/jobs/:id/retry', 'admin', 'none'),
  // Billing
  'billing.plans': route('GET', '/billing/plans', 'public', 'none'),
  'billing.checkout': route('POST', '/billing/checkout', 'signed_in', 'json'),
  'billing.confirm': route('POST', '/billing/confirm', 'signed_in', 'json'),
  'billing.portal': route('POST', '/billing/portal', 'premium', 'none'),
  'billing.subscription': route('GET', '/billing/subscription', 'signed_in', 'none'),
  'billing.cancel': route('POST', '/billing/cancel', 'signed_in', 'none'),
  'billing.webhook': route('POST', '/billing/webhook', 'stripe', 'raw'),
} as const satisfies Record<string, RouteSpec>

export type RouteName = keyof typeof ROUTES
