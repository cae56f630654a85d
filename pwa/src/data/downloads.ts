/** The app's download manager: downloads kept in Dexie and Cache Storage (data/downloads/). */
import type { VideoDetail } from '../../../contract/schemas/catalogue.ts'
import { apiRequest } from './api.ts'
import { db } from './db.ts'
import { createDownloadManager } from './downloads/download-manager.ts'

export const downloads = createDownloadManager({
  table: db.downloads,
  getVideo: (videoId) => apiRequest<{ data: VideoDetail }>('GET', `/videos/${videoId}`).then((answer) => answer.data),
})
