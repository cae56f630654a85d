/**
 * The start of either process (main.ts, worker.ts): settings read and the context built, where a
 * mistake a deployer makes (a bad setting, a database that never answered) ends the process with one
 * clear line instead of a stack trace.
 */
import { ConfigError, loadConfig, type Config } from './config.ts'
import { createContext } from './context.ts'
import { DatabaseUnreachable } from './db/wait-for-database.ts'
import { JobRegistryError } from './jobs/registry.ts'
import { startMetricsListener } from './metrics/metrics-listener.ts'

export async function contextOrExit(env: NodeJS.ProcessEnv = process.env): Promise<{ config: Config; ctx: Awaited<ReturnType<typeof createContext>> }> {
  try {
    const config = loadConfig(env)
    return { config, ctx: await createContext(config) }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseUnreachable || error instanceof JobRegistryError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** The metrics listener (METRICS_LISTEN), or one line and exit 1 when its address is taken or wrong. */
export async function metricsOrExit(ctx: Awaited<ReturnType<typeof createContext>>, at: { host: string; port: number }): Promise<void> {
  try {
    await startMetricsListener(ctx.metrics, at, ctx.logger)
  } catch (error) {
    console.error(`could not serve metrics on ${at.host}:${at.port} (METRICS_LISTEN): ${(error as Error).message}`)
    process.exit(1)
  }
}
