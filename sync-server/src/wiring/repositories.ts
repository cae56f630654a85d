/** Every repository the services share, over the one database (SQL in repositories/, per-engine helpers from Shared). */
import { createAdminFeedbackRepository } from '../repositories/admin-feedback.repository.ts'
import { createAdminUsersRepository } from '../repositories/admin-users.repository.ts'
import { createAdminVideosRepository } from '../repositories/admin-videos.repository.ts'
import { createBillingRepository } from '../repositories/billing.repository.ts'
import { createCaptionsRepository } from '../repositories/captions.repository.ts'
import { createCatalogueRepository } from '../repositories/catalogue.repository.ts'
import { createCommentsRepository } from '../repositories/comments.repository.ts'
import { createContributorApplicationsRepository } from '../repositories/contributor-applications.repository.ts'
import { createDailyGoalsRepository } from '../repositories/daily-goals.repository.ts'
import { createDailyTotalsRepository } from '../repositories/daily-totals.repository.ts'
import { createFeedbackRepository } from '../repositories/feedback.repository.ts'
import { createLanguagesRepository } from '../repositories/languages.repository.ts'
import { createLearnerCompassRepository } from '../repositories/learner-compass.repository.ts'
import { createOtpCodesRepository } from '../repositories/otp-codes.repository.ts'
import { createOutsideHoursRepository } from '../repositories/outside-hours.repository.ts'
import { createPublishingRepository } from '../repositories/publishing.repository.ts'
import { createRateLimitsRepository } from '../repositories/rate-limits.repository.ts'
import { createRatingsRepository } from '../repositories/ratings.repository.ts'
import { createSessionsRepository } from '../repositories/sessions.repository.ts'
import { createSubmissionsRepository } from '../repositories/submissions.repository.ts'
import { createUsersRepository } from '../repositories/users.repository.ts'
import { createVideoProgressRepository } from '../repositories/video-progress.repository.ts'
import { createWaitlistRepository } from '../repositories/waitlist.repository.ts'
import type { Shared } from './shared.ts'

export type Repositories = ReturnType<typeof createRepositories>

export function createRepositories({ database, locking, search, hotPath }: Shared) {
  const db = database.db
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db, hotPath, locking),
    otpCodes: createOtpCodesRepository(db, locking),
    languages: createLanguagesRepository(db),
    dailyTotals: createDailyTotalsRepository(db, hotPath),
    dailyGoals: createDailyGoalsRepository(db),
    feedback: createFeedbackRepository(db, locking),
    waitlist: createWaitlistRepository(db),
    rateLimits: createRateLimitsRepository(db),
    catalogue: createCatalogueRepository(db, search),
    captions: createCaptionsRepository(db, search, { cuesPerBatch: database.engine === 'postgres' ? 512 : undefined }),
    videoProgress: createVideoProgressRepository(db),
    comments: createCommentsRepository(db, locking),
    outsideHours: createOutsideHoursRepository(db, locking),
    ratings: createRatingsRepository(db),
    learnerCompass: createLearnerCompassRepository(db),
    adminVideos: createAdminVideosRepository(db, search),
    adminUsers: createAdminUsersRepository(db, search),
    adminFeedback: createAdminFeedbackRepository(db, search),
    billing: createBillingRepository(db),
    submissions: createSubmissionsRepository(db, locking),
    publishing: createPublishingRepository(db),
    contributorApplications: createContributorApplicationsRepository(db),
  }
}
