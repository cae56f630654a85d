/**
 * The typed job registry: each kind (jobs/kinds.ts) has its payload schema, one handler, how many
 * attempts it gets and how long it waits between them, and, for periodic work, its period. `check()`
 * throws when a kind has no handler or two, and the context calls it before anything starts, so a
 * process with a missing or doubled handler refuses to start.
 */
import type { z } from 'zod'

/** What a running handler is told about its run. */
export interface JobRun {
  id: number
  /** Attempts spent, this one included (a clean stop gives its attempt back). */
  attempt: number
  /** Names this claim: a write guarded by it is this run's (see SubmissionsRepository.markReady). */
  claim: number
  /** Aborted when the process stops or the lease was lost to another worker: stop and throw. */
  signal: AbortSignal
}

export interface Backoff {
  /** The wait after the first failed attempt; it doubles with each further one. */
  baseMs: number
  /** No wait is longer than this. */
  maxMs: number
}

export interface JobDefinition<P> {
  handler: (payload: P, run: JobRun) => Promise<void>
  /** Attempts before the job is failed for good (crashes on the job count too). */
  maxAttempts?: number
  backoff?: Backoff
  /** Told once when the job fails for good, to record why (on the submission, say). */
  onFailed?: (payload: P, error: string) => unknown
  /** Periodic work: one job per period for the whole cluster (its unique key names the period). */
  everyMs?: number
  /**
   * Claimed ahead of other kinds' older jobs: short work that finishes what a person waits for (a
   * processed video's publish should not queue behind the next videos' transcodes: issue 41).
   */
  first?: boolean
}

export interface RegisteredJob {
  kind: string
  schema: z.ZodType
  handler: (payload: unknown, run: JobRun) => Promise<void>
  maxAttempts: number
  backoff: Backoff
  onFailed?: (payload: unknown, error: string) => unknown
  everyMs?: number
  first: boolean
}

export const DEFAULT_MAX_ATTEMPTS = 5
export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 30 * 60_000 }

/** An error a retry cannot mend (a payload that does not fit its schema, a kind nobody handles): failed at once. */
export class PermanentJobError extends Error {}

export class JobRegistryError extends Error {}

/**
 * The wait before attempt `attempt + 1` after `attempt` failed: base × 2^(attempt−1), capped, with
 * "equal jitter" (half fixed, half random) so jobs that failed together do not all come back together.
 */
export function backoffDelay(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exponential / 2 + random() * (exponential / 2))
}

export type JobRegistry<Payloads extends Record<string, z.ZodType>> = ReturnType<typeof createJobRegistry<Payloads>>

export function createJobRegistry<Payloads extends Record<string, z.ZodType>>(payloads: Payloads) {
  type Kind = keyof Payloads & string
  const registered = new Map<string, RegisteredJob>()
  const doubled = new Set<string>()
  const unknown = new Set<string>()
  let checked = false

  function get(kind: string): RegisteredJob | undefined {
    return registered.get(kind)
  }

  return {
    payloads,
    define<K extends Kind>(kind: K, definition: JobDefinition<z.output<Payloads[K]>>) {
      if (!(kind in payloads)) unknown.add(kind)
      if (registered.has(kind)) doubled.add(kind)
      registered.set(kind, {
        kind,
        schema: payloads[kind]!,
        handler: definition.handler as RegisteredJob['handler'],
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoff: definition.backoff ?? DEFAULT_BACKOFF,
        onFailed: definition.onFailed as RegisteredJob['onFailed'],
        everyMs: definition.everyMs,
        first: definition.first ?? false,
      })
    },
    get,
    /** The kinds with a handler. */
    kinds(): string[] {
      return [...registered.keys()]
    },
    /** The kinds claimed first (`first`). */
    firstKinds(): string[] {
      return [...registered.values()].filter((job) => job.first).map((job) => job.kind)
    },
    /** Throws a JobRegistryError naming every kind with no handler, two handlers, or no schema. */
    check(): void {
      const missing = Object.keys(payloads).filter((kind) => !registered.has(kind))
      const problems = [
        ...missing.map((kind) => `job kind ${kind} has no handler`),
        ...[...doubled].map((kind) => `job kind ${kind} has two handlers`),
        ...[...unknown].map((kind) => `job kind ${kind} has a handler but is not in jobs/kinds.ts`),
      ]
      if (problems.length > 0) throw new JobRegistryError(`The job registry is incomplete: ${problems.join('; ')}.`)
      checked = true
    },
    get checked() {
      return checked
    },
    periodic(): RegisteredJob[] {
      return [...registered.values()].filter((job) => job.everyMs !== undefined)
    },
    /** The payload checked against its kind's schema; throws PermanentJobError when it does not fit. */
    parse(kind: string, payload: unknown): unknown {
      const schema = payloads[kind]
      if (!schema) throw new PermanentJobError(`no handler for job kind ${kind}`)
      const parsed = schema.safeParse(payload)
      if (!parsed.success) throw new PermanentJobError(`the payload of a ${kind} job does not fit its schema: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
      return parsed.data
    },
  }
}
