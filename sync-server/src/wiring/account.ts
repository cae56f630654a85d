/** The account's own pages: the export of everything held about a person, and the account's deletion. */
import { createAccountDeletionCodesRepository } from '../repositories/account-deletion-codes.repository.ts'
import { createAccountDeletionRepository } from '../repositories/account-deletion.repository.ts'
import { createAccountExportRepository } from '../repositories/account-export.repository.ts'
import { createAccountDeletionService } from '../services/account-deletion.service.ts'
import { createAccountExportService } from '../services/account-export.service.ts'
import type { BillingService } from '../services/billing.service.ts'
import type { RatingsService } from '../services/ratings.service.ts'
import type { UsersService } from '../services/users.service.ts'
import type { Shared } from './shared.ts'

export function createAccountModule(
  { clock, logger, database, secret, mailer, locking, storage }: Shared,
  services: { users: UsersService; billing: BillingService; ratings: RatingsService },
) {
  return {
    accountExport: createAccountExportService({ exports: createAccountExportRepository(database.db), users: services.users, clock }),
    accountDeletion: createAccountDeletionService({
      codes: createAccountDeletionCodesRepository(database.db, locking),
      deletion: createAccountDeletionRepository(database.db, locking),
      billing: services.billing,
      ratings: services.ratings,
      mailer,
      clock,
      secret,
      storage,
      logger,
    }),
  }
}
