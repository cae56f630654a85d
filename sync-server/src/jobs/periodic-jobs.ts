/**
 * The periodic kinds' rows (a kind with `everyMs`): every started queue makes sure the current
 * period's row exists, under a unique key naming the period on the database's clock, so two processes
 * make one row and one of them runs it. One check at a time; a failed one is logged and the next goes on.
 */
import type { Logger } from 'pino'
import type { z } from 'zod'
import type { JobsRepository } from '../repositories/jobs.repository.ts'
import type { JobRegistry } from './registry.ts'

export function createPeriodicJobs(deps: {
  jobs: Pick<JobsRepository, 'now' | 'insert'>
  registry: JobRegistry<Record<string, z.ZodType>>
  logger: Logger
  /** Told when a row was made, so the queue claims it. */
  made: () => void
}) {
  /** The period of each periodic kind this queue has already made sure of. */
  const scheduledPeriod = new Map<string, number>()
  let chain: Promise<void> = Promise.resolve()

  /** Enqueues this period's row of each periodic kind (a no-op when any process already has); answers the ids it made. */
  async function schedule(): Promise<number[]> {
    const kinds = deps.registry.periodic()
    if (kinds.length === 0) return []
    const now = await deps.jobs.now()
    const added: number[] = []
    for (const kind of kinds) {
      const period = Math.floor(now / kind.everyMs!)
      if (scheduledPeriod.get(kind.kind) === period) continue
      const id = await deps.jobs.insert({ kind: kind.kind, payload: '{}', uniqueKey: `${kind.kind}@${period * kind.everyMs!}` })
      scheduledPeriod.set(kind.kind, period)
      if (id !== undefined) added.push(id)
    }
    if (added.length > 0) deps.made()
    return added
  }

  return {
    /** Checks after the check before it; answers the ids made (none when it failed). */
    check(): Promise<number[]> {
      const made = chain.then(schedule)
      chain = made.then(
        () => undefined,
        (error) => deps.logger.error({ err: error }, 'periodic jobs could not be scheduled'),
      )
      return made.catch(() => [])
    },
    /** Resolves once the check in flight has ended. */
    settled(): Promise<void> {
      return chain
    },
  }
}
