/**
 * The transcript search on the device, for when the server cannot answer (offline, or the list
 * failed): a downloaded video's caption tracks are in Cache Storage (`caption-files.ts`), so its lines
 * can be searched without a connection. Same meaning as the server's (`matchesOf` in
 * sync-server's catalogue.service.ts): blind to case and accents, the video's own track (vi or yue) first and the
 * English one only when it has no match, and the earliest matching cue of that track, `{start, text}`.
 *
 * Each track is read and parsed once per download (kept by the download's completion time, so a
 * download made again is read again), then every later search only compares folded lines.
 */
import { CAPTION_LANGUAGES } from '../../../../contract/vocabulary.ts'
import { textCuesOf } from './vtt-text-cues.ts'
import { foldForSearch } from '../catalogue/search-fold.ts'
import { OFFLINE_MEDIA_CACHE, offlineCaptionUrl } from './offline-urls.ts'

/** A downloaded video: its id, and when its download completed (a new download, new tracks). */
export interface DownloadedVideo {
  videoId: number
  completedAt?: number
}

export interface TranscriptMatch {
  start: number
  text: string
}

interface FoldedCue extends TranscriptMatch {
  folded: string
}

/** The server's order: the video's own language (yue, vi) before English (it sorts the language descending). */
const SEARCH_ORDER = [...CAPTION_LANGUAGES].sort().reverse()

export function createOfflineTranscriptSearch(openCache: () => Promise<Cache> = () => caches.open(OFFLINE_MEDIA_CACHE)) {
  /** Tracks read so far, by video, download and language; null: the download has no such track. */
  const tracks = new Map<string, Promise<FoldedCue[] | null>>()

  async function readTrack(cache: Cache, videoId: number, language: string): Promise<FoldedCue[] | null> {
    const response = await cache.match(offlineCaptionUrl(videoId, language))
    if (!response) return null
    const cues = await textCuesOf(await response.text())
    // In time order, as the server picks the earliest cue, whatever order the file wrote them in.
    return cues.map((cue) => ({ ...cue, folded: foldForSearch(cue.text) })).sort((a, b) => a.start - b.start)
  }

  function track(cache: Cache, video: DownloadedVideo, language: string): Promise<FoldedCue[] | null> {
    const key = `${video.videoId}@${video.completedAt ?? 0}/${language}`
    let read = tracks.get(key)
    if (!read) {
      read = readTrack(cache, video.videoId, language)
      tracks.set(key, read)
      // A failed read is tried again at the next search rather than remembered.
      read.catch(() => tracks.delete(key))
    }
    return read
  }

  return {
    /** The first line of each video's transcript that holds `text`, by video id (videos without one left out). */
    async firstMatches(videos: readonly DownloadedVideo[], text: string): Promise<Map<number, TranscriptMatch>> {
      const wanted = foldForSearch(text.trim())
      const found = new Map<number, TranscriptMatch>()
      if (!wanted || videos.length === 0) return found
      // What is no longer downloaded (or was downloaded again) is let go.
      const current = new Set(videos.map((video) => `${video.videoId}@${video.completedAt ?? 0}/`))
      for (const key of tracks.keys()) if (!current.has(key.slice(0, key.lastIndexOf('/') + 1))) tracks.delete(key)
      const cache = await openCache()
      await Promise.all(
        videos.map(async (video) => {
          try {
            for (const language of SEARCH_ORDER) {
              const cue = (await track(cache, video, language))?.find((line) => line.folded.includes(wanted))
              if (cue) {
                found.set(video.videoId, { start: cue.start, text: cue.text })
                return
              }
            }
          } catch (error) {
            // One unreadable track costs its video's line, not the others'.
            console.warn(`Could not search the transcript of video ${video.videoId}`, error)
          }
        }),
      )
      return found
    },
  }
}

/** The app's one search over the downloads cache, so tracks read once serve every later search. */
export const offlineTranscripts = createOfflineTranscriptSearch()
