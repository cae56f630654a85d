/**
 * Every download keeps its video's detail where the video page reads it offline (db.records
 * `video:<id>`), wherever the download began: the video page, the videos list, smart downloads, or a
 * resume after a reload. The detail saved is the one the download itself used: fetched (getVideo), or
 * handed to start() by the page (`known`). Its playback grant goes stale, which does not matter: a
 * downloaded video plays from its offline master (offline-urls.ts), not from the grant's URL.
 * A detail that cannot be saved does not fail the download.
 */
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import type { DownloadDeps, DownloadManager } from './download-manager.ts'

export type SaveDetail = (videoId: number, video: VideoDetail) => Promise<unknown>

/** getVideo that also saves the detail it fetched. */
export function savingGetVideo(getVideo: DownloadDeps['getVideo'], save: SaveDetail): DownloadDeps['getVideo'] {
  return async (videoId) => {
    const video = await getVideo(videoId)
    await save(videoId, video).catch(() => undefined)
    return video
  }
}

/**
 * The same manager, whose start() also saves the detail it is handed: the manager uses that detail
 * instead of fetching one while its grant lasts, and then getVideo never sees it.
 */
export function savingKnownDetail(manager: DownloadManager, save: SaveDetail): DownloadManager {
  return {
    ...manager,
    async start(videoId, preferredHeight, known, options) {
      const saving = known ? save(videoId, known).catch(() => undefined) : undefined
      try {
        return await manager.start(videoId, preferredHeight, known, options)
      } finally {
        await saving
      }
    },
  }
}
