/**
 * Saved lines and review (issue 43): the outbox's cards, reviews and removals, the learner's list with
 * its audio URLs and the Anki package, and the job that cuts each card's clip.
 */
import type { AppJobQueue } from '../jobs/kinds.ts'
import { createCardAudioGrants } from '../media/card-audio-grants.ts'
import { createMediaAccessRepository } from '../repositories/media-access.repository.ts'
import { createCardsLibraryService } from '../services/cards-library.service.ts'
import { createCardsService } from '../services/cards.service.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

export function createCardsModule(
  { config, clock, database, locking, storage, secret, logger }: Shared,
  repositories: Repositories,
  jobs: AppJobQueue,
) {
  const { db } = database
  const grants = createCardAudioGrants({ secret, clock })
  const cardsLibrary = createCardsLibraryService({ db, clock, grants, access: createMediaAccessRepository(db), media: storage.media, previewSeconds: config.previewSeconds })
  jobs.registry.define('cut_card_clip', {
    maxAttempts: 5,
    // Short, and a learner waits on it to hear the line: not behind the next videos' transcodes.
    first: true,
    backoff: { baseMs: 10_000, maxMs: 10 * 60_000 },
    handler: async ({ cardId }, run) => cardsLibrary.cutClip(cardId, run.signal),
  })
  return { cards: createCardsService({ db, locking, clock, jobs, catalogue: repositories.catalogue, previewSeconds: config.previewSeconds, media: storage.media, logger }), cardsLibrary }
}
