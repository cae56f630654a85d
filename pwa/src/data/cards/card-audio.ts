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
export function clipBlob(card: Pick<PlayableCard, 'audio_url'>): Promise<Blob | null> {
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

/** Fetches the clips of the next cards ahead of their turn (ignores failures: offline, not cut yet). */
export function fetchClipsAhead(cards: ReadonlyArray<Pick<PlayableCard, 'audio_url'>>): void {
  for (const card of cards) void clipBlob(card).catch(() => undefined)
}

/** The downloaded copy's playlist of the card's video, when it is downloaded in full; else null. */
export async function offlineSpanSource(card: Pick<LocalCard, 'video_id'>): Promise<string | null> {
  const record = await db.downloads.get(card.video_id)
  return record?.status === 'complete' ? offlineMasterUrl(card.video_id) : null
}
