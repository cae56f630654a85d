/**
 * What a learner watches and how it counts: media grants, the catalogue and captions, the watch ingest,
 * comments, outside hours, ratings, progress and up next.
 */
import { createCaptionPreparer } from '../captions/prepare-off-thread.ts'
import { createCaptionWriter } from '../captions/write-off-thread.ts'
import { createAudioRenditions } from '../media/audio-rendition.ts'
import { createMediaGrants } from '../media/grants.ts'
import { createPlaylistAccess } from '../media/playlist-access.ts'
import { createCardsRepository } from '../repositories/cards.repository.ts'
import { createMediaAccessRepository } from '../repositories/media-access.repository.ts'
import { createCaptionsService } from '../services/captions.service.ts'
import { createCatalogueService } from '../services/catalogue.service.ts'
import { createCommentsService } from '../services/comments.service.ts'
import { createOutsideHoursService } from '../services/outside-hours.service.ts'
import { createProgressService } from '../services/progress.service.ts'
import { createRatingsService } from '../services/ratings.service.ts'
import { createUpNextService } from '../services/up-next.service.ts'
import { createWatchEventsIngest } from '../watch-ingest/ingest.ts'
import type { Repositories } from './repositories.ts'
import type { createWordsModule } from './words.ts'
import type { Shared } from './shared.ts'

export function createLearningModule(
  { config, clock, logger, database, secret, locking, search, storage, metrics }: Shared,
  repositories: Repositories,
  words: ReturnType<typeof createWordsModule>,
) {
  const mediaGrants = createMediaGrants({ secret, clock })
  const playlistAccess = createPlaylistAccess({ access: createMediaAccessRepository(database.db), clock })
  const catalogue = createCatalogueService({
    catalogue: repositories.catalogue,
    captions: repositories.captions,
    languages: repositories.languages,
    videoProgress: repositories.videoProgress,
    ratings: repositories.ratings,
    grants: mediaGrants,
    previewSeconds: config.previewSeconds,
    audioRendition: createAudioRenditions(storage.media),
    inputSecondsOf: async (userId, languageCode) =>
      (await repositories.videoProgress.watchSecondsInLanguage(userId, languageCode)) + (await repositories.outsideHours.totalMinutes(userId)) * 60,
    words: words.trackWords,
  })
  const captionPreparer = createCaptionPreparer()
  // SQLite: caption tracks are written on a thread of their own, on its own connection; PostgreSQL: over the pool.
  const captionWriter = database.engine === 'sqlite' ? createCaptionWriter(config.dataDir) : undefined
  const services = {
    mediaGrants,
    playlistAccess,
    catalogue,
    // SQLite: the ingest runs on a thread of its own, on its own connection; PostgreSQL: over the pool.
    watchEvents: createWatchEventsIngest(database, { dataDir: config.dataDir, previewSeconds: config.previewSeconds, clock, logger, observer: metrics.ingest }),
    comments: createCommentsService({ comments: repositories.comments, catalogue: repositories.catalogue, clock }),
    outsideHours: createOutsideHoursService({ outsideHours: repositories.outsideHours, clock }),
    ratings: createRatingsService({ db: database.db, locking, clock }),
    captions: createCaptionsService({
      db: database.db,
      search,
      captions: repositories.captions,
      submissions: repositories.submissions,
      catalogue: repositories.catalogue,
      grants: mediaGrants,
      playlistAccess,
      previewSeconds: config.previewSeconds,
      clock,
      prepare: captionPreparer.prepare,
      writer: captionWriter,
      trackWords: words.trackWords,
      readings: words.readings,
    }),
    progress: createProgressService({
      clock,
      dailyTotals: repositories.dailyTotals,
      dailyGoals: repositories.dailyGoals,
      videoProgress: repositories.videoProgress,
      catalogue: repositories.catalogue,
      catalogueService: catalogue,
      languages: repositories.languages,
      outsideHours: repositories.outsideHours,
      compass: repositories.learnerCompass,
      reviewsByDay: (userId, fromDay) => createCardsRepository(database.db).reviewsByDay(userId, fromDay),
    }),
    upNext: createUpNextService({
      catalogue: repositories.catalogue,
      catalogueService: catalogue,
      languages: repositories.languages,
      compass: repositories.learnerCompass,
      ratings: repositories.ratings,
      videoProgress: repositories.videoProgress,
      outsideHours: repositories.outsideHours,
    }),
  }
  return {
    services,
    /** Lets the ingest's batches in flight finish and stops the caption preparer's and writer's threads. */
    async close() {
      await services.watchEvents.close()
      await captionPreparer.close()
      await captionWriter?.close()
    },
  }
}
