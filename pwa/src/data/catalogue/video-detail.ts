/**
 * One video's page data: fetched when the network answers and cached in db.records (`video:<id>`),
 * so a downloaded video's page still opens offline. The cached copy shows at once; the fetch replaces it.
 * A fetch that failed (the page opened offline) is made again when the network comes back, and at the
 * learner's Retry: what the page said offline does not stay until a reload.
 */
import { useLiveData } from '../use-live-data.ts'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { CaptionLink } from '../../../../contract/schemas/captions.ts'
import type { VideoDetail } from '../../../../contract/schemas/catalogue.ts'
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'
import { connectivity } from '../runtime/connectivity.ts'
import { whenIdle } from '../runtime/when-idle.ts'

export type DetailState =
  | { kind: 'loading' }
  /** `fresh`: fetched on this visit (its grant is new); `stale`: the fetch failed, only the cached copy shows. */
  | { kind: 'ready'; video: VideoDetail; fresh: boolean; stale: boolean }
  | { kind: 'not-found' }
  | { kind: 'failed' }

/** A detail asked for at the press on the video's card, taken by the page that press opens. */
let prefetched: { id: number; at: number; answer: Promise<{ data: VideoDetail }>; data?: VideoDetail } | null = null
/** Older than this, a prefetched answer is not taken (its grant should be fresh). */
const PREFETCH_TAKEN_WITHIN_MS = 10_000

/**
 * Starts fetching a video's detail at the press on its card, before the page's code has loaded: the
 * stream's grant then arrives a round trip sooner (issue 31: press to first frame).
 */
export function prefetchVideoDetail(id: number): void {
  const answer = call('videos.get', undefined, { params: { id } })
  const entry: NonNullable<typeof prefetched> = { id, at: performance.now(), answer }
  answer.then(
    ({ data }) => {
      entry.data = data
    },
    () => undefined,
  )
  prefetched = entry
}

/** The detail asked for ahead (at the press, or before the app's first render) once it has arrived. */
export function videoDetailAhead(id: number): VideoDetail | undefined {
  const ahead = prefetched
  if (!ahead || ahead.id !== id || performance.now() - ahead.at >= PREFETCH_TAKEN_WITHIN_MS) return undefined
  return ahead.data
}

/** Asks for the detail before the app's first render (app/first-paint.ts); resolves when it has answered. */
export function prefetchVideoDetailAhead(id: number): Promise<unknown> {
  prefetchVideoDetail(id)
  return prefetched!.answer
}

/** The detail for the page just opened: the one asked for at the press, if it was this video and recent; else a new request. */
export function takeVideoDetail(id: number): Promise<{ data: VideoDetail }> {
  const taken = prefetched
  prefetched = null
  if (taken && taken.id === id && performance.now() - taken.at < PREFETCH_TAKEN_WITHIN_MS) return taken.answer
  return call('videos.get', undefined, { params: { id } })
}

export function useVideoDetail(id: number): DetailState & { retry: () => void } {
  const cached = useLiveData(async () => (await db.records.get(`video:${id}`)) ?? null, [id])
  // A detail that has already arrived (asked for ahead) shows in the page's first render.
  const [fetched, setFetched] = useState<{ id: number; result: 'ok' | 'not-found' | 'failed'; video?: VideoDetail } | null>(() => {
    const ahead = videoDetailAhead(id)
    return ahead ? { id, result: 'ok', video: ahead } : null
  })
  // The copy's reading when the answer had been stored: any later reading is at least as new (a rating
  // written into it), so the page follows the copy from then on.
  const [stored, setStored] = useState<{ id: number; reading: unknown } | null>(null)
  const latestReading = useRef<unknown>(undefined)
  useEffect(() => {
    latestReading.current = cached
  })
  // Each attempt fetches again; one that failed shows "loading" again while it retries (a press on
  // Retry is seen to do something), and the network coming back starts one by itself.
  const [attempt, setAttempt] = useState(0)
  const failedNow = useRef(false)
  const retry = useCallback(() => {
    setFetched((known) => (known?.result === 'failed' && !known.video ? null : known))
    setAttempt((count) => count + 1)
  }, [])
  useEffect(() => connectivity.onUp(() => failedNow.current && retry()), [retry])

  useEffect(() => {
    let live = true
    takeVideoDetail(id)
      .then(async ({ data }) => {
        // Shown from the answer at once, not after IndexedDB has stored it and read it back (issue 32:
        // the player's poster is the page's largest paint).
        if (live) setFetched((known) => (known?.id === id && known.video === data ? known : { id, result: 'ok', video: data }))
        // Stored once the page has rendered (issue 48): the write wakes every query over db.records.
        await whenIdle()
        await db.records.put({ key: `video:${id}`, value: data })
        if (live) setStored({ id, reading: latestReading.current })
      })
      .catch((error: unknown) => {
        if (live) setFetched((known) => (known?.id === id && known.video ? known : { id, result: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' }))
      })
    return () => {
      live = false
    }
  }, [id, attempt])

  const result = fetched?.id === id ? fetched.result : null
  useEffect(() => {
    failedNow.current = result === 'failed'
  })
  const copy = cached && cached.key === `video:${id}` ? (cached.value as VideoDetail) : null
  const answered = fetched?.id === id ? fetched.video : undefined
  const copyIsNewer = stored?.id === id && cached !== stored.reading && copy !== null
  // The same detail read back is not a new one: the page keeps the object it has (its caption list
  // feeds the player's tracks, which a new identity would set up again under a learner's seek).
  const copyDiffers = useMemo(() => copyIsNewer && JSON.stringify(copy) !== JSON.stringify(answered), [copyIsNewer, copy, answered])
  if (result === 'not-found') return { kind: 'not-found', retry }
  const value = (copyDiffers ? copy : answered) ?? copy
  if (value) return { kind: 'ready', video: value, fresh: result === 'ok', stale: result === 'failed', retry }
  if (result === 'failed') return cached === undefined ? { kind: 'loading', retry } : { kind: 'failed', retry }
  return { kind: 'loading', retry }
}

/** What a fresh grant gives a stream: its playlist and its caption tracks, signed together. */
export interface FreshPlayback {
  hlsUrl: string
  /** The audio-only rendition's playlist under the same grant (null when the video has none). */
  audioHlsUrl: string | null
  captions: CaptionLink[]
}

/**
 * A fresh grant for a stream whose grant ran out or was refused (grants last an hour and end with the
 * session or the access): the playlist URL and the caption links, which are signed under the same
 * grant and so run out with it. Not written to the cached detail: the page would start the player
 * again from the top. Null when the video no longer plays for this user.
 */
export async function freshPlayback(id: number): Promise<FreshPlayback | null> {
  const { data } = await call('videos.get', undefined, { params: { id } })
  if (data.can_watch === 'none' || !data.playback) return null
  return { hlsUrl: data.playback.hls_url, audioHlsUrl: data.playback.audio_hls_url ?? null, captions: data.playback.captions }
}
