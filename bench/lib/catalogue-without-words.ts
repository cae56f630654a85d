/**
 * The videos list as it was before issue 42, served by the same running server: the catalogue service
 * made as sync-server/src/wiring/learning.ts makes it, but without `words` (so no kept sums are joined
 * and every VideoSummary.words is the empty one). `serveListWith` swaps the `list` the route calls
 * (catalogue.routes.ts reads `deps.catalogue.list` at each request), so the two sides alternate round
 * by round on one server and one database. Bench only: nothing the app reads.
 */
import { createAudioRenditions } from '../../sync-server/src/media/audio-rendition.ts'
import { createCatalogueService } from '../../sync-server/src/services/catalogue.service.ts'
import type { TestServer } from '../../sync-server/test-support/test-server.ts'

export type ListSide = 'shares' | 'no-shares'

export function listSwitch(server: TestServer): { serveListWith(side: ListSide): void; restore(): void } {
  const { ctx } = server
  const repositories = ctx.repositories
  const withoutWords = createCatalogueService({
    catalogue: repositories.catalogue,
    captions: repositories.captions,
    languages: repositories.languages,
    videoProgress: repositories.videoProgress,
    ratings: repositories.ratings,
    grants: ctx.services.mediaGrants,
    previewSeconds: ctx.config.previewSeconds,
    audioRendition: createAudioRenditions(ctx.storage.media),
    inputSecondsOf: async (userId, languageCode) =>
      (await repositories.videoProgress.watchSecondsInLanguage(userId, languageCode)) + (await repositories.outsideHours.totalMinutes(userId)) * 60,
  })
  const served = ctx.services.catalogue
  const withWords = served.list
  return {
    serveListWith(side) {
      served.list = side === 'shares' ? withWords : withoutWords.list
    },
    restore() {
      served.list = withWords
    },
  }
}
