/** The app's download manager: downloads kept in Dexie and Cache Storage (data/downloads/). */
import type { VideoDetail } from '../../../contract/schemas/catalogue.ts'
import { apiRequest } from './api.ts'
import { keepCommentsOf } from './comment-copies.ts'
import { db } from './db.ts'
import { browserBackgroundFetch } from './downloads/background-fetch.ts'
import { createDownloadManager } from './downloads/download-manager.ts'
import { savingGetVideo, savingKnownDetail, type SaveDetail } from './downloads/keep-detail.ts'

// The video page opens offline from this record (features/watching/video-detail.ts reads it), with
// the comments as they were when the download began or resumed (comment-copies.ts; not awaited).
const saveDetail: SaveDetail = (videoId, video) => {
  void keepCommentsOf(videoId)
  return db.records.put({ key: `video:${videoId}`, value: video })
}

export const downloads = savingKnownDetail(
  createDownloadManager({
    table: db.downloads,
    // Downloads outlive the tab where the browser offers Background Fetch; elsewhere they run in the page.
    backgroundFetch: browserBackgroundFetch,
    getVideo: savingGetVideo((videoId) => apiRequest<{ data: VideoDetail }>('GET', `/videos/${videoId}`).then((answer) => answer.data), saveDetail),
  }),
  saveDetail,
)
