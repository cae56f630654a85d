/**
 * The first connection to PostgreSQL at start, tried again while the database is not up yet (a
 * machine booting, a container starting beside ours) for up to DATABASE_CONNECT_SECONDS, with one
 * log line per try. An answer that waiting will not change (wrong password, no such database) stops
 * at once. Giving up ends in one message naming DATABASE_URL, never a stack trace.
 */
import type pg from 'pg'
import type { Logger } from 'pino'

export class DatabaseUnreachable extends Error {}

/** Network errors, and PostgreSQL's "starting up" / "too many connections": worth another try. */
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P03', '53300'])

/** host:port/database of a PostgreSQL URL, without its user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname || '/'}`
  } catch {
    return 'the address in DATABASE_URL'
  }
}

function reasonOf(error: unknown): { code: string | undefined; text: string } {
  const found = error as { code?: string; message?: string; errors?: Array<{ code?: string; message?: string }> }
  // A host with several addresses (localhost: ::1 and 127.0.0.1) fails as an AggregateError.
  const first = found.code ? found : (found.errors?.[0] ?? found)
  const text = first.message || found.message || String(error)
  return { code: first.code, text: first.code && !text.includes(first.code) ? `${first.code}: ${text}` : text }
}

export async function waitForPostgres(
  pool: pg.Pool,
  options: { url: string; waitMs: number; logger: Logger; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const where = describeDatabaseUrl(options.url)
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const started = Date.now()
  for (let attempt = 1; ; attempt++) {
    try {
      const client = await pool.connect()
      client.release()
      if (attempt > 1) options.logger.info(`PostgreSQL at ${where} answered (try ${attempt})`)
      return
    } catch (error) {
      const { code, text } = reasonOf(error)
      const transient = (code !== undefined && TRANSIENT_CODES.has(code)) || /timeout/i.test(text)
      const delay = Math.min(500 * 2 ** (attempt - 1), 5000)
      if (!transient) {
        throw new DatabaseUnreachable(`Could not connect to PostgreSQL at ${where} (DATABASE_URL): ${text}. Check DATABASE_URL: its user, password and database name.`)
      }
      if (Date.now() - started + delay > options.waitMs) {
        throw new DatabaseUnreachable(
          `Could not reach PostgreSQL at ${where} (DATABASE_URL) after ${attempt} tries in ${Math.round((Date.now() - started) / 1000)} s: ${text}. ` +
            'Check DATABASE_URL and that PostgreSQL is running; DATABASE_CONNECT_SECONDS sets how long to wait at start.',
        )
      }
      options.logger.warn(`PostgreSQL at ${where} is not reachable yet (${text}): try ${attempt}, next in ${delay / 1000} s, waiting up to ${options.waitMs / 1000} s (DATABASE_CONNECT_SECONDS)`)
      await sleep(delay)
    }
  }
}
