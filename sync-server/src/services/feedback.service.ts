import type { Clock } from '../clock.ts'
import type { FeedbackRepository } from '../repositories/feedback.repository.ts'

export type FeedbackService = ReturnType<typeof createFeedbackService>

export function createFeedbackService(deps: { feedback: FeedbackRepository; clock: Clock }) {
  return {
    /** Stores feedback once per client_id: a retry from the outbox gets the first id back. */
    submit(userId: number, input: { feedback: string; environment_data?: Record<string, unknown> | null; client_id?: string }) {
      const environment = input.environment_data == null ? null : JSON.stringify(input.environment_data)
      return deps.feedback.insertOnce(
        userId,
        input.client_id ?? null,
        input.feedback,
        environment,
        new Date(deps.clock.now()).toISOString(),
      )
    },
  }
}
