/**
 * Smart downloads (opt-in, off by default): keep the next few unfinished videos at the chosen level
 * of the chosen language downloaded, within a storage budget, only on Wi-Fi where the browser says
 * which network it is on, and remove the ones it chose once they are watched (90% covered).
 */
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { connectivity } from '../runtime/connectivity.ts'
import { downloads } from './downloads.ts'
import { readSmartSettings } from './download-preferences.ts'

// The settings live with the other download preferences (small, so the signed-in frame can read them).
export { readSmartSettings, saveSmartSettings, type SmartSettings } from './download-preferences.ts'

/** A 360p rendition with audio: about 0.9 Mb/s (the transcoder's ladder). */
const ESTIMATED_BYTES_PER_SECOND = 900_000 / 8

/** False only when the browser says the connection is not Wi-Fi (most browsers do not say). */
export function onWifiOrUnknown(connection = (navigator as Navigator & { connection?: { type?: string } }).connection): boolean {
  return !connection?.type || connection.type === 'wifi' || connection.type === 'ethernet'
}

export async function runSmartDownloads(languageCode: string | null, isPremium: boolean): Promise<void> {
  const settings = readSmartSettings()
  if (!settings.enabled || !languageCode || !connectivity.isUp() || !onWifiOrUnknown()) return
  const page = await call('videos.list', undefined, { params: { code: languageCode }, query: { level: settings.level, hide_finished: '1', limit: settings.count * 3 } })
  const unfinished = new Set(page.data.map((video) => video.id))
  const mine = (await db.downloads.toArray()).filter((record) => record.smart)
  // Watched ones make room.
  for (const record of mine) {
    if (!unfinished.has(record.videoId) && record.languageCode === languageCode) await downloads.remove(record.videoId)
  }
  let used = (await db.downloads.toArray()).filter((record) => record.smart).reduce((sum, record) => sum + record.bytesTotal, 0)
  let kept = (await db.downloads.toArray()).filter((record) => record.smart).length
  for (const video of page.data) {
    if (kept >= settings.count) break
    if (video.access_level !== 'free' && !isPremium) continue
    if (await db.downloads.get(video.id)) continue
    const estimate = video.duration_seconds * ESTIMATED_BYTES_PER_SECOND
    if (used + estimate > settings.budgetMb * 1024 * 1024) break
    used += estimate
    kept++
    try {
      await downloads.start(video.id, 360)
    } catch {
      // no space or no network: stop here, try again next time
      break
    } finally {
      if (await db.downloads.get(video.id)) await db.downloads.update(video.id, { smart: true })
    }
  }
}
