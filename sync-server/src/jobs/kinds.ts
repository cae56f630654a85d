/**
 * Every kind of job, and the payload each carries (checked when it is enqueued and again when it
 * runs). The handlers are registered where their services are built (jobs/registry.ts); a process
 * refuses to start when a kind here has no handler, or two.
 */
import { z } from 'zod'
import type { PublishFields } from '../../../contract/index.ts'
import type { JobQueue } from './job-queue.ts'

const submissionId = z.number().int().positive()
const access = z.enum(['free', 'premium', 'preview'])
/** Already parsed by the publish form's schema when the job was made (its output, not its input). */
const publishFields = z.custom<PublishFields>((value) => typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string', {
  message: 'publish fields expected',
})

export const jobPayloads = {
  /** Probe and transcode a finished upload (services/processing.service.ts). */
  process_submission: z.object({
    submissionId,
    /** Demo seeding publishes straight after processing, through the same publish step as an admin. */
    autoPublish: z.object({ fields: publishFields, access }).optional(),
  }),
  /** Publish a processed submission (the follow-up of processing for the demo seed). */
  publish_submission: z.object({ submissionId, fields: publishFields, access }),
  /** Segment again the tracks of a language whose lexicon changed since they were segmented (services/track-words.service.ts). */
  resegment_language: z.object({ language: z.string().min(1).max(20) }),
  /** Cut a saved line's clip from its video's audio (media/card-clip.ts), queued when the card is accepted (services/cards.service.ts). */
  cut_card_clip: z.object({ cardId: z.number().int().positive() }),
  /** The studio's waveform of a submission's ladder (services/waveform.service.ts), queued once processing switched to it (issue 44). */
  make_waveform: z.object({ submissionId, mediaKey: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  /** Periodic: uploads whose every byte is stored finished, silent unfinished ones expired, and ladders no video points at removed. */
  sweep_uploads: z.object({}),
  /** Periodic: spent sign-in codes and ended rate-limit windows pruned, lapsed subscriptions ended, old finished jobs removed. */
  hourly_pruning: z.object({}),
} as const

export type JobKind = keyof typeof jobPayloads
export type JobPayload<K extends JobKind> = z.output<(typeof jobPayloads)[K]>

/** The app's queue, typed by these kinds. */
export type AppJobQueue = JobQueue<typeof jobPayloads>
