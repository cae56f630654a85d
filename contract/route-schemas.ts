/**
 * The zod schemas of the routes' JSON bodies and queries, by route name (routes.ts). The server parses
 * with them; the PWA names their types only (`import type`), so it loads no zod. A route with no entry
 * takes no JSON body and no query the contract describes.
 */
import type { z } from 'zod'
import type { RouteName } from './routes.ts'
import { deleteAccountBodySchema } from './schemas/account.ts'
import {
  adminFeedbackQuerySchema,
  adminJobsQuerySchema,
  adminUsersQuerySchema,
  adminVideosQuerySchema,
  patchAdminUserBodySchema,
  patchAdminVideoBodySchema,
} from './schemas/admin.ts'
import { cardRemovalsBodySchema, cardsBodySchema, cardsExportQuerySchema, myCardsQuerySchema, reviewsBodySchema } from './schemas/cards.ts'
import { registerBodySchema, verifyBodySchema } from './schemas/auth.ts'
import { checkoutBodySchema, confirmBodySchema } from './schemas/billing.ts'
import { transcriptQuerySchema } from './schemas/captions.ts'
import { commentsQuerySchema, progressQuerySchema, videoListQuerySchema } from './schemas/catalogue.ts'
import {
  applicationsListQuerySchema,
  createSubmissionBodySchema,
  patchApplicationBodySchema,
  patchSubmissionBodySchema,
  submissionsQuerySchema,
} from './schemas/contributors.ts'
import { feedbackBodySchema } from './schemas/feedback.ts'
import { demoProgressQuerySchema } from './schemas/languages.ts'
import { outsideHoursBodySchema } from './schemas/outside-hours.ts'
import { preferencesBodySchema } from './schemas/preferences.ts'
import { nextForYouQuerySchema, ratingsBodySchema } from './schemas/ratings.ts'
import { dailyGoalBodySchema, displayNameBodySchema, patchMeBodySchema } from './schemas/user.ts'
import { waitlistBodySchema } from './schemas/waitlist.ts'
import {
  adminLexiconQuerySchema,
  commonWordsQuerySchema,
  glossaryBodySchema,
  myWordStatesQuerySchema,
  patchLexiconEntryBodySchema,
  wordStatesBodySchema,
} from './schemas/words.ts'
import { commentBodySchema, watchEventsBodySchema } from './schemas/watching.ts'

export const ROUTE_SCHEMAS = {
  'waitlist.join': { body: waitlistBodySchema },
  'auth.register': { body: registerBodySchema },
  'auth.verify': { body: verifyBodySchema },
  'me.update': { body: patchMeBodySchema },
  'me.displayName': { body: displayNameBodySchema },
  'me.dailyGoal': { body: dailyGoalBodySchema },
  'me.progress': { query: progressQuerySchema },
  'feedback.create': { body: feedbackBodySchema },
  'account.delete': { body: deleteAccountBodySchema },
  'demo.progress': { query: demoProgressQuerySchema },
  'videos.list': { query: videoListQuerySchema },
  'videos.transcript': { query: transcriptQuerySchema },
  'watchEvents.create': { body: watchEventsBodySchema },
  'outsideHours.create': { body: outsideHoursBodySchema },
  'comments.list': { query: commentsQuerySchema },
  'comments.create': { body: commentBodySchema },
  'ratings.create': { body: ratingsBodySchema },
  'compass.nextForYou': { query: nextForYouQuerySchema },
  'wordStates.create': { body: wordStatesBodySchema },
  'me.updatePreferences': { body: preferencesBodySchema },
  'wordStates.list': { query: myWordStatesQuerySchema },
  'words.common': { query: commonWordsQuerySchema },
  'submissions.putGlossary': { body: glossaryBodySchema },
  'admin.lexicon': { query: adminLexiconQuerySchema },
  'admin.updateLexiconEntry': { body: patchLexiconEntryBodySchema },
  'cards.create': { body: cardsBodySchema },
  'cardRemovals.create': { body: cardRemovalsBodySchema },
  'reviews.create': { body: reviewsBodySchema },
  'cards.list': { query: myCardsQuerySchema },
  'cards.exportApkg': { query: cardsExportQuerySchema },
  'submissions.create': { body: createSubmissionBodySchema },
  'submissions.list': { query: submissionsQuerySchema },
  'submissions.update': { body: patchSubmissionBodySchema },
  'admin.videos': { query: adminVideosQuerySchema },
  'admin.updateVideo': { body: patchAdminVideoBodySchema },
  'admin.users': { query: adminUsersQuerySchema },
  'admin.updateUser': { body: patchAdminUserBodySchema },
  'admin.feedback': { query: adminFeedbackQuerySchema },
  'admin.jobs': { query: adminJobsQuerySchema },
  'admin.applications': { query: applicationsListQuerySchema },
  'admin.updateApplication': { body: patchApplicationBodySchema },
  'billing.checkout': { body: checkoutBodySchema },
  'billing.confirm': { body: confirmBodySchema },
} as const satisfies { [K in RouteName]?: { body?: z.ZodType; query?: z.ZodType } }

type Schemas = typeof ROUTE_SCHEMAS
/** The JSON body a route takes (what a client sends: the schema's input). */
export type RouteBody<K extends RouteName> = K extends keyof Schemas ? (Schemas[K] extends { body: z.ZodType } ? z.input<Schemas[K]['body']> : never) : never
/** The query a route reads: every parameter may be left out (the server applies its defaults). */
export type RouteQuery<K extends RouteName> = K extends keyof Schemas ? (Schemas[K] extends { query: z.ZodType } ? Partial<z.input<Schemas[K]['query']>> : never) : never
