/** Where downloads live: their Cache Storage name and the stable URLs the player and the worker use. */
export const OFFLINE_MEDIA_CACHE = 'offline-media-v1'
export const OFFLINE_MEDIA_PREFIX = '/offline-media/'
/** A URL the worker answers from the downloads on the device (same origin, under the prefix). */
export function isOfflineMedia(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith(OFFLINE_MEDIA_PREFIX)
}
export const offlineBase = (videoId: number) => `${OFFLINE_MEDIA_PREFIX}${videoId}/`
export const offlineMasterUrl = (videoId: number) => `${offlineBase(videoId)}offline.m3u8`
/** The poster a download stored (download-manager.ts stores it here), answered by the worker like the rest. */
export const offlinePosterUrl = (videoId: number) => `${offlineBase(videoId)}poster.jpg`
/** A caption track a download stored (download-manager.ts, after the parts), answered by the worker like the rest. */
export const offlineCaptionUrl = (videoId: number, language: string) => `${offlineBase(videoId)}captions/${language}.vtt`
