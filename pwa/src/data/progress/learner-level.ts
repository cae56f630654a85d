/**
 * The learner's level in a language for the videos list's "For you" order, from the progress copy
 * cached on the device (`progress:<code>`, written by the progress page and kept offline): her input
 * hours read along the roadmap, as the server reads them for sort=for_you. Without a copy (a newcomer),
 * introductory.
 */
import { useLiveData } from '../use-live-data.ts'
import { levelForInputSeconds } from '../../../../contract/roadmap.ts'
import type { Progress, ProficiencyLevel } from '../../../../contract/schemas/catalogue.ts'
import { db } from '../db.ts'

export function useLearnerLevel(code: string): ProficiencyLevel {
  const seconds = useLiveData(async () => {
    const record = await db.records.get(`progress:${code}`)
    const progress = record?.value as Progress | undefined
    return progress ? (progress.total_input_seconds ?? progress.total_watch_seconds) : 0
  }, [code])
  return levelForInputSeconds(seconds ?? 0)
}
