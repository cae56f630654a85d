/**
 * What each route answers on success, by route name (routes.ts): the JSON the PWA reads, typed once here
 * for `call()` (pwa/src/data/api-call.ts) and for the server's handlers to keep to. Types only, so the PWA
 * loads no zod. A route left out answers something the app does not read as JSON (a file, a CSV, a
 * video, the tus protocol's headers) or is not called by the app.
 */
import type { AccountSessionsResponse, SignOutOthersResponse } from './schemas/account.ts'
import type { AdminFeedback, AdminJob, AdminUser, AdminVideo } from './schemas/admin.ts'
import type { RegisterResponse, VerifyResponse } from './schemas/auth.ts'
import type { BillingPlan, Subscription } from './schemas/billing.ts'
import type { CaptionTrackSaved } from './schemas/captions.ts'
import type { Page, Progress, VideoDetail, VideoSummary } from './schemas/catalogue.ts'
import type { ContributorApplication, Series, Submission, SubmissionCreated } from './schemas/contributors.ts'
import type { FeedbackCreated } from './schemas/feedback.ts'
import type { Language } from './schemas/languages.ts'
import type { RatingsResult } from './schemas/ratings.ts'
import type { DailyProgress, User } from './schemas/user.ts'
import type { Comment, WatchEventsResult } from './schemas/watching.ts'
import type { RouteName } from './routes.ts'

type Data<T> = { data: T }

export interface RouteAnswers {
  'languages.list': Data<Language[]>
  'waitlist.join': unknown
  'auth.register': RegisterResponse
  'auth.verify': VerifyResponse
  'auth.logout': void
  'me.get': User
  'me.update': Data<User>
  'me.displayName': Data<User>
  'me.dailyGoal': Data<User>
  'me.dailyProgress': DailyProgress
  'me.progress': Data<Progress>
  'feedback.create': FeedbackCreated
  'account.sessions': AccountSessionsResponse
  'account.signOutSession': void
  'account.signOutOthers': SignOutOthersResponse
  'account.deletionCode': unknown
  'account.delete': void
  'videos.list': Page<VideoSummary>
  'videos.get': Data<VideoDetail>
  'watchEvents.create': WatchEventsResult
  'comments.list': Data<Comment[]>
  'ratings.create': RatingsResult
  'compass.upNext': Data<VideoSummary | null>
  'compass.nextForYou': Data<VideoSummary[]>
  'series.list': Data<Series[]>
  'submissions.create': SubmissionCreated
  'submissions.list': { data: Submission[]; next_cursor: string | number | null }
  'submissions.get': Data<Submission>
  'submissions.update': Data<Submission>
  'submissions.delete': void
  'submissions.putCaptions': Data<CaptionTrackSaved>
  'submissions.deleteCaptions': void
  'admin.updateVideo': Data<AdminVideo>
  'admin.videoThumbnails': Data<AdminVideo>
  'admin.updateUser': Data<AdminUser>
  'admin.feedbackItem': Data<AdminFeedback>
  'admin.retryJob': Data<AdminJob>
  'admin.updateApplication': Data<ContributorApplication>
  'billing.plans': Data<BillingPlan[]>
  'billing.checkout': { url: string }
  'billing.confirm': { data: User; paid: boolean }
  'billing.portal': { url: string }
  'billing.subscription': Data<Subscription | null>
  'billing.cancel': Data<Subscription | null>
}

/** The answer of a route, `unknown` for one the app does not read. */
export type RouteAnswer<K extends RouteName> = K extends keyof RouteAnswers ? RouteAnswers[K] : unknown
