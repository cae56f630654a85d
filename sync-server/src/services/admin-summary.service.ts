/**
 * What waits for an admin (issue 41): the dashboard names how many submissions are ready to publish
 * and waiting for review, and how many applications are pending, each a link to where it is done.
 */
import type { AdminSummary } from '../../../contract/index.ts'
import type { ContributorApplicationsRepository } from '../repositories/contributor-applications.repository.ts'
import type { SubmissionsRepository } from '../repositories/submissions.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireAdmin } from '../rules/contributor-roles.ts'

export type AdminSummaryService = ReturnType<typeof createAdminSummaryService>

export function createAdminSummaryService(deps: { submissions: SubmissionsRepository; applications: ContributorApplicationsRepository }) {
  return {
    async summary(admin: UserRow): Promise<AdminSummary> {
      requireAdmin(admin)
      const [submissions, applicationsPending] = await Promise.all([deps.submissions.reviewCounts(), deps.applications.countPending()])
      return {
        submissions_ready_to_publish: submissions.readyToPublish,
        submissions_waiting_for_review: submissions.waitingForReview,
        applications_pending: applicationsPending,
      }
    },
  }
}
