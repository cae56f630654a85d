/**
 * The progress page's data (GET /me/progress?language=): the cached copy in db.records
 * (`progress:<code>`) shows first and offline; a successful fetch replaces it.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { Progress } from '../../../../contract/schemas/catalogue.ts'
import { api } from '../api.ts'
import { db } from '../db.ts'

export type ProgressState = { kind: 'loading' } | { kind: 'ready'; progress: Progress } | { kind: 'failed' }

export function useLanguageProgress(code: string): ProgressState {
  const cached = useLiveQuery(async () => (await db.records.get(`progress:${code}`)) ?? null, [code])
  const [failedFor, setFailedFor] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    api
      // A year of days for the heatmap (features/compass); the 30-day chart shows the last 30.
      .get<{ data: Progress }>(`/me/progress?language=${encodeURIComponent(code)}&days=365`)
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
