/**
 * What each route answers on success, as zod, by route name (routes.ts): every route whose answer is
 * JSON (files, CSVs, videos, caption files, the tus protocol and the 204s are not). The answers' types
 * (route-answers.ts, and the types of schemas/*) are z.infer of these, so the two cannot drift apart.
 * The server never parses its own answers in production; under test (test-support/test-server.ts) every
 * JSON answer of a route is checked against its entry here (web/answer-check.ts), so the server suites of
 * both engines and the e2e suite parse real answers. The PWA takes the types only (`import type`).
 */
import { z } from 'zod'
import type { RouteName } from './routes.ts'
import { accountSessionsResponseSchema, signOutOthersResponseSchema } from './schemas/account.ts'
import { adminFeedbackSchema, adminJobSchema, adminSummarySchema, adminUserSchema, adminVideoSchema } from './schemas/admin.ts'
import { codeSentSchema, verifyResponseSchema } from './schemas/auth.ts'
import { billingConfirmedSchema, billingPlanSchema, billingRedirectSchema, subscriptionSchema, webhookReceivedSchema } from './schemas/billing.ts'
import { cardRemovalsResultSchema, cardsResultSchema, myCardsSchema, reviewsResultSchema } from './schemas/cards.ts'
import { captionTrackSavedSchema, transcriptCueSchema } from './schemas/captions.ts'
import { progressSchema, videoDetailSchema, videoSummarySchema } from './schemas/catalogue.ts'
import { dataOf, idSchema, isoDateTimeSchema, pageOf } from './schemas/common.ts'
import { myPreferencesSchema, preferencesResultSchema } from './schemas/preferences.ts'
import { contributorApplicationSchema, seriesSchema, submissionCreatedSchema, submissionSchema } from './schemas/contributors.ts'
import { feedbackCreatedSchema } from './schemas/feedback.ts'
import { demoProgressSchema, healthLiveSchema, healthReadySchema, healthSchema, languageSchema } from './schemas/languages.ts'
import { outsideHoursSavedSchema } from './schemas/outside-hours.ts'
import { ratingsResultSchema } from './schemas/ratings.ts'
import { waveformSchema } from './schemas/studio.ts'
import { dailyProgressSchema, userSchema } from './schemas/user.ts'
import { commentSchema, watchEventsResultSchema } from './schemas/watching.ts'
import {
  adminLexiconEntrySchema,
  adminLexiconPageSchema,
  commonWordsSchema,
  glossarySchema,
  glossarySuggestionsSchema,
  lexiconSchema,
  myWordStatesSchema,
  videoWordsSchema,
  wordStatesResultSchema,
} from './schemas/words.ts'

/** POST /waitlist: on the list (or already on it: the answer does not say which). */
export const waitlistJoinedSchema = dataOf(z.strictObject({ joined: z.literal(true) }))
/** GET /dev/outbox (development only): the mails the server would have sent, newest first. */
export const devOutboxSchema = dataOf(z.array(z.strictObject({ to: z.string(), subject: z.string(), text: z.string(), sent_at: isoDateTimeSchema })))
/** POST /contributor_applications: the application kept. */
export const applicationCreatedSchema = dataOf(z.strictObject({ id: idSchema }))

export const ROUTE_ANSWER_SCHEMAS = {
  'health.get': healthSchema,
  'health.live': healthLiveSchema,
  'health.ready': healthReadySchema,
  'demo.progress': dataOf(demoProgressSchema.nullable()),
  'languages.list': dataOf(z.array(languageSchema)),
  'waitlist.join': waitlistJoinedSchema,
  'dev.outbox': devOutboxSchema,
  'auth.register': codeSentSchema,
  'auth.verify': verifyResponseSchema,
  'me.get': userSchema,
  'me.update': dataOf(userSchema),
  'me.displayName': dataOf(userSchema),
  'me.dailyGoal': dataOf(userSchema),
  'me.dailyProgress': dailyProgressSchema,
  'me.progress': dataOf(progressSchema),
  'feedback.create': feedbackCreatedSchema,
  'account.sessions': accountSessionsResponseSchema,
  'account.signOutOthers': signOutOthersResponseSchema,
  'account.deletionCode': codeSentSchema,
  'videos.list': pageOf(videoSummarySchema),
  'videos.get': dataOf(videoDetailSchema),
  'videos.transcript': pageOf(transcriptCueSchema),
  'series.list': dataOf(z.array(seriesSchema)),
  'watchEvents.create': watchEventsResultSchema,
  'outsideHours.create': outsideHoursSavedSchema,
  'comments.list': pageOf(commentSchema),
  'comments.create': dataOf(commentSchema),
  'ratings.create': ratingsResultSchema,
  'compass.upNext': dataOf(videoSummarySchema.nullable()),
  'compass.nextForYou': dataOf(z.array(videoSummarySchema)),
  'lexicon.get': lexiconSchema,
  'videos.words': videoWordsSchema,
  'wordStates.create': wordStatesResultSchema,
  'me.preferences': myPreferencesSchema,
  'me.updatePreferences': preferencesResultSchema,
  'wordStates.list': myWordStatesSchema,
  'words.common': commonWordsSchema,
  'submissions.putGlossary': glossarySchema,
  'submissions.glossarySuggestions': glossarySuggestionsSchema,
  'submissions.getGlossary': glossarySchema,
  'submissions.waveform': waveformSchema,
  'admin.lexicon': adminLexiconPageSchema,
  'admin.updateLexiconEntry': dataOf(adminLexiconEntrySchema),
  'cards.create': cardsResultSchema,
  'cardRemovals.create': cardRemovalsResultSchema,
  'reviews.create': reviewsResultSchema,
  'cards.list': myCardsSchema,
  'submissions.create': submissionCreatedSchema,
  'submissions.list': pageOf(submissionSchema),
  'submissions.get': dataOf(submissionSchema),
  'submissions.update': dataOf(submissionSchema),
  'submissions.publish': dataOf(videoDetailSchema),
  'submissions.putCaptions': dataOf(captionTrackSavedSchema),
  'applications.create': applicationCreatedSchema,
  'admin.videos': pageOf(adminVideoSchema),
  'admin.updateVideo': dataOf(adminVideoSchema),
  'admin.videoThumbnails': dataOf(adminVideoSchema),
  'admin.users': pageOf(adminUserSchema),
  'admin.updateUser': dataOf(adminUserSchema),
  'admin.feedback': pageOf(adminFeedbackSchema),
  'admin.feedbackItem': dataOf(adminFeedbackSchema),
  'admin.applications': pageOf(contributorApplicationSchema),
  'admin.updateApplication': dataOf(contributorApplicationSchema),
  'admin.summary': dataOf(adminSummarySchema),
  'admin.jobs': pageOf(adminJobSchema),
  'admin.retryJob': dataOf(adminJobSchema),
  'billing.plans': dataOf(z.array(billingPlanSchema)),
  'billing.checkout': billingRedirectSchema,
  'billing.confirm': billingConfirmedSchema,
  'billing.portal': billingRedirectSchema,
  'billing.subscription': dataOf(subscriptionSchema.nullable()),
  'billing.cancel': dataOf(subscriptionSchema.nullable()),
  'billing.webhook': webhookReceivedSchema,
} as const satisfies { [K in RouteName]?: z.ZodType }

/** The routes that answer 204, with no body. */
export const NO_CONTENT_ROUTES = ['auth.logout', 'account.signOutSession', 'account.delete', 'submissions.delete', 'submissions.deleteCaptions', 'admin.deleteLexiconEntry'] as const satisfies readonly RouteName[]

/**
 * The routes whose answer is not JSON the app reads: files (the account export, its CSV, a caption
 * file, an application's video, a saved line's audio, the Anki package, a submission's stored track) and the tus protocol. With the two lists above, every route is named
 * once (route-answer-schemas.test.ts).
 */
export const NOT_JSON_ROUTES = ['account.export', 'account.exportCsv', 'videos.captionFile', 'admin.applicationVideo', 'uploads.create', 'cards.exportApkg', 'cards.audio', 'submissions.getCaptions'] as const satisfies readonly RouteName[]
