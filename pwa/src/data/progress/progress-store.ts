/**
 * The progress page's data (GET /me/progress?language=): the cached copy in db.records
 * (`progress:<code>`) shows first and offline; a successful fetch replaces it.
 */
import { useLiveData } from '../use-live-data.ts'
import { useEffect, useState } from 'react'
import { PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'
import type { ProficiencyLevel, Progress } from '../../../../contract/schemas/catalogue.ts'
import { call } from '../api-call.ts'
import { db } from '../db.ts'

export type ProgressState = { kind: 'loading' } | { kind: 'ready'; progress: Progress } | { kind: 'failed' }

export function useLanguageProgress(code: string): ProgressState {
  const cached = useLiveData(async () => (await db.records.get(`progress:${code}`)) ?? null, [code])
  const [failedFor, setFailedFor] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    // A year of days for the heatmap (features/compass); the 30-day chart shows the last 30.
    call('me.progress', undefined, { query: { language: code, days: 365 } })
      .then(({ data }) => db.records.put({ key: `progress:${code}`, value: data }))
      .catch((error: unknown) => {
        console.warn('Could not load progress', error)
        if (live) setFailedFor(code)
      })
    return () => {
      live = false
    }
  }, [code])

  if (cached && cached.key === `progress:${code}`) return { kind: 'ready', progress: cached.value as Progress }
  // Only a failure with nothing cached is an error (spec section 8).
  if (failedFor === code && cached === null) return { kind: 'failed' }
  return { kind: 'loading' }
}

/** The ids of the language's videos in progress, last watched first, from the cached progress copy. */
export function useRecentlyWatched(code: string): number[] | undefined {
  return useLiveData(async () => {
    const record = await db.records.get(`progress:${code}`)
    return record ? (record.value as Progress).in_progress.map((item) => item.video.id) : []
  }, [code])
}

/**
 * Per level, the cached videos of the language and how many are finished (at least `finishedPercent`
 * watched), for a progress copy without its own levels; null when `skip` (the server's levels are
 * there), undefined while Dexie answers.
 */
export function useCachedLevels(
  code: string,
  skip: boolean,
  finishedPercent: number,
): Array<{ level: ProficiencyLevel; total: number; finished: number }> | null | undefined {
  return useLiveData(async () => {
    if (skip) return null
    const videos = await db.videos.where('language_code').equals(code).toArray()
    return PROFICIENCY_LEVELS.map((level) => {
      const ofLevel = videos.filter((video) => video.proficiency_level === level)
      return { level, total: ofLevel.length, finished: ofLevel.filter((video) => (video.progress?.percent ?? 0) >= finishedPercent).length }
    }).filter((row) => row.total > 0)
  }, [code, skip, finishedPercent])
}
