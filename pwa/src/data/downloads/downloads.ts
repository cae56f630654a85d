/** The app's download manager: downloads kept in Dexie and Cache Storage (data/downloads/). */
import { call } from '../api-call.ts'
import { keepCommentsOf } from '../comments/comment-copies.ts'
import { db } from '../db.ts'
import { fetchVideoWords } from '../words/video-words.ts'
import { watchedFetch } from '../runtime/connectivity.ts'
import { browserBackgroundFetch } from './background-fetch.ts'
import { createDownloadManager } from './download-manager.ts'
import { savingGetVideo, savingKnownDetail, type SaveDetail } from './keep-detail.ts'

// The video page opens offline from this record (data/catalogue/video-detail.ts reads it), with
// the comments (and its word counts) as they were when the download began or resumed (comment-copies.ts; not awaited).
const saveDetail: SaveDetail = async (videoId, video) => {
  void keepCommentsOf(videoId)
  // Its word counts too, so its share of known words is worked out offline (issue 42).
  void fetchVideoWords(videoId).catch(() => undefined)
  const key = `video:${videoId}` as const
  // The video page hands over the detail it saved itself on this visit: written again, it would only
  // make the page read it again and render once more as the download starts.
  if (JSON.stringify((await db.records.get(key))?.value) === JSON.stringify(video)) return
  await db.records.put({ key, value: video })
}

export const downloads = savingKnownDetail(
  createDownloadManager({
    table: db.downloads,
    // Parts and posters tell the connectivity state whether the network answers.
    fetch: watchedFetch,
    // Downloads outlive the tab where the browser offers Background Fetch; elsewhere they run in the page.
    backgroundFetch: browserBackgroundFetch,
    getVideo: savingGetVideo((videoId) => call('videos.get', undefined, { params: { id: videoId } }).then((answer) => answer.data), saveDetail),
  }),
  saveDetail,
)
