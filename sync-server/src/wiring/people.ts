/** Signing in, the user and their devices, feedback and the waiting list. */
import { createAccountPreferencesService } from '../services/account-preferences.service.ts'
import { createAuthService } from '../services/auth.service.ts'
import { createDevicesService } from '../services/devices.service.ts'
import { createFeedbackService } from '../services/feedback.service.ts'
import { createUsersService } from '../services/users.service.ts'
import { createWaitlistService } from '../services/waitlist.service.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

export function createPeopleModule({ config, clock, database, secret, mailer, locking }: Shared, repositories: Repositories) {
  return {
    auth: createAuthService({
      users: repositories.users,
      sessions: repositories.sessions,
      otpCodes: repositories.otpCodes,
      mailer,
      clock,
      secret,
      adminEmails: config.adminEmails,
      sendsPerAddressIpPerHour: config.otpSendsPerAddressIpPerHour,
      sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
      sendsPerIpPerHour: config.otpSendsPerIpPerHour,
      isAcceptedContributor: (email) => repositories.contributorApplications.isAcceptedEmail(email),
    }),
    preferences: createAccountPreferencesService({ db: database.db, locking, clock }),
    users: createUsersService({ db: database.db, locking, users: repositories.users, dailyTotals: repositories.dailyTotals, clock }),
    devices: createDevicesService({ sessions: repositories.sessions, clock }),
    feedback: createFeedbackService({ feedback: repositories.feedback, clock }),
    waitlist: createWaitlistService({ waitlist: repositories.waitlist, clock }),
  }
}
