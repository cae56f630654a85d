/**
 * The videos list's transcript matches when the server cannot give them (offline, or the list
 * failed): the downloaded videos of the language are searched on the device. The search code and its
 * WebVTT parser load only when such a search first runs (a chunk of their own), so the list, and the
 * pages before it, do not carry them. The list debounces typing into `query`, so the tracks are
 * searched once per pause, and each track is read from the cache once (`offline-transcripts.ts`).
 */
import { useLiveData } from '../use-live-data.ts'
import { useEffect, useState } from 'react'
import { db } from '../db.ts'
import type { TranscriptMatches } from '../catalogue/catalogue.ts'

const NONE: TranscriptMatches = new Map()

/** `pending`: a search is under way, and what it finds is yet to come. */
export function useOfflineTranscriptMatches(code: string, query: string, enabled: boolean): { matches: TranscriptMatches; pending: boolean } {
  const downloads = useLiveData(
    () =>
      db.downloads
        .where('status')
        .equals('complete')
        .filter((record) => record.languageCode === code)
        .toArray(),
    [code],
  )
  const sources = (downloads ?? []).map((record) => ({ videoId: record.videoId, completedAt: record.completedAt }))
  const text = query.trim()
  // What was searched, in one string, so a result is shown only for the search that asked for it.
  const key = `${code}\n${text}\n${sources.map((source) => `${source.videoId}@${source.completedAt ?? 0}`).join(',')}`
  const wanted = enabled && text !== '' && downloads !== undefined && sources.length > 0
  const [answer, setAnswer] = useState<{ key: string; matches: TranscriptMatches } | null>(null)

  useEffect(() => {
    if (!wanted) return
    let live = true
    import('./offline-transcripts.ts')
      .then(({ offlineTranscripts }) => offlineTranscripts.firstMatches(sources, text))
      .then(
        (matches) => live && setAnswer({ key, matches }),
        (error: unknown) => {
          console.warn('Could not search the downloaded transcripts', error)
          if (live) setAnswer({ key, matches: NONE })
        },
      )
    return () => {
      live = false
    }
    // `key` holds everything `sources` and `text` say.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, key])

  if (!wanted) return { matches: NONE, pending: false }
  return answer?.key === key ? { matches: answer.matches, pending: false } : { matches: NONE, pending: true }
}
