/**
 * A saved line's clip on the device. The service worker keeps every clip it has fetched in a cache of
 * its own (service-worker/sw.ts, card-audio-cache.ts, keyed without the grant in the query, so an expired URL still
 * finds it offline); this side reads that cache first, else fetches (through the worker, which keeps
 * it), and hands the player a blob: URL, so a play starts from memory with no range requests. The next
 * due cards' clips are fetched ahead, so their audio starts at once and with no signal.
 * Where no clip is to be had (not cut yet, or not fetched before the signal went), a downloaded video
 * plays the line from its download (offlineSpanSource).
 */
import { db, type LocalCard } from '../db.ts'
import type { PlayableCard } from './card-types.ts'
import { offlineMasterUrl } from '../downloads/offline-urls.ts'
import { CARD_AUDIO_CACHE, cardAudioKey } from './card-audio-cache.ts'

async function cachedClip(url: string): Promise<Blob | null> {
  if (typeof caches === 'undefined') return null
  const cache = await caches.open(CARD_AUDIO_CACHE)
  const hit = await cache.match(cardAudioKey(url))
  return hit ? hit.blob() : null
}

/** Clips asked for in this page (fetched ahead, then played): one load each, the last few kept in memory. */
const loads = new Map<string, Promise<Blob | null>>()
const LOADS_KEPT = 24

/** The clip's bytes: from the device when kept, else from the network (the worker keeps them); null when neither has it. */
function clipBlob(card: Pick<PlayableCard, 'audio_url'>): Promise<Blob | null> {
  if (!card.audio_url) return Promise.resolve(null)
  const key = cardAudioKey(card.audio_url)
  const known = loads.get(key)
  if (known) return known
  const load = loadClip(card.audio_url).then((blob) => {
    if (!blob) loads.delete(key)
    return blob
  })
  loads.set(key, load)
  if (loads.size > LOADS_KEPT) loads.delete(loads.keys().next().value!)
  return load
}

async function loadClip(url: string): Promise<Blob | null> {
  const kept = await cachedClip(url).catch(() => null)
  if (kept) return kept
  try {
    const response = await fetch(url, { credentials: 'same-origin' })
    if (!response.ok) return null
    const blob = await response.blob()
    // Without a worker (its first visit, or none at all), the page keeps it itself.
    if (typeof caches !== 'undefined' && !navigator.serviceWorker?.controller) {
      await caches
        .open(CARD_AUDIO_CACHE)
        .then((cache) => cache.put(cardAudioKey(url), new Response(blob, { headers: { 'Content-Type': blob.type || 'audio/mp4' } })))
        .catch(() => undefined)
    }
    return blob
  } catch {
    return null
  }
}

/** Object URLs of the clips asked for, one per clip, the last few kept (the older revoked as they leave). */
const objectUrls = new Map<string, Promise<string | null>>()

/**
 * The clip as a blob: URL, made once with its load: fetched ahead, the URL is ready before the card
 * shows, so the frame after a grade only sets the <audio>'s src (URL.createObjectURL took 5–25 ms of
 * that frame at 4× CPU).
 */
export function clipObjectUrl(card: Pick<PlayableCard, 'audio_url'>): Promise<string | null> {
  if (!card.audio_url) return Promise.resolve(null)
  const key = cardAudioKey(card.audio_url)
  const known = objectUrls.get(key)
  if (known) return known
  const made = clipBlob(card).then((blob) => {
    if (!blob) objectUrls.delete(key)
    return blob ? URL.createObjectURL(blob) : null
  })
  objectUrls.set(key, made)
  if (objectUrls.size > LOADS_KEPT) {
    const [oldest, url] = objectUrls.entries().next().value!
    objectUrls.delete(oldest)
    void url.then((gone) => gone && URL.revokeObjectURL(gone))
  }
  return made
}

/** Fetches the clips of the next cards ahead of their turn, their URLs made (ignores failures: offline, not cut yet). */
export function fetchClipsAhead(cards: ReadonlyArray<Pick<PlayableCard, 'audio_url'>>): void {
  for (const card of cards) void clipObjectUrl(card).catch(() => undefined)
}

/** The downloaded copy's playlist of the card's video, when it is downloaded in full; else null. */
export async function offlineSpanSource(card: Pick<LocalCard, 'video_id'>): Promise<string | null> {
  const record = await db.downloads.get(card.video_id)
  return record?.status === 'complete' ? offlineMasterUrl(card.video_id) : null
}
