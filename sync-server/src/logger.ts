import pino, { type Logger } from 'pino'
import { batchLines } from './line-batch.ts'

/** Codes and tokens never reach a production log: anything under these keys is replaced. */
const REDACT = ['code', 'otp', 'token', 'authorization', '*.authorization', '*.token', '*.otp']

/**
 * Lines are written in batches of about this many bytes instead of one write each: every API call
 * logs a line, and a write per line (pino's default) cost about a sixth of a signed-in call's
 * throughput (`npm run bench -- api`).
 */
export const LOG_BATCH_BYTES = 4096
/** Any line reaches the log within this long (a person or a script watching the log sees no delay). */
export const LOG_FLUSH_MS = 100

/**
 * The process's logger, to standard output or a file, its lines batched (line-batch.ts). What is
 * gathered is written on any exit, crashes included; only a SIGKILL can lose it, at most the last
 * tenth of a second's lines.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  // SonicBoom writes each batch as it comes (asynchronously; pino flushes it synchronously on exit).
  const destination = pino.destination({ dest, sync: false })
  const lines = batchLines(destination, { batchBytes: LOG_BATCH_BYTES, flushMs: LOG_FLUSH_MS })
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, lines)
}

const { streamSym, timeSym, chindingsSym } = pino.symbols
type LineLevel = 'info' | 'warn' | 'error'

/**
 * Writes lines shaped exactly as the logger writes them (level, time, its bindings, the fields, msg)
 * from fields the caller has already written as JSON members. For the access log, one line per API
 * call: pino's general path (the redaction walk, then the object stringified key by key) cost about a
 * tenth of the polled GET /me/daily_progress's throughput. Nothing here is redacted, so it is for
 * fields that can hold no secret.
 */
export function lineWriter(logger: Logger) {
  const internals = logger as unknown as Record<symbol, unknown>
  const stream = internals[streamSym] as { write(line: string): unknown }
  const time = internals[timeSym] as () => string
  const levels: Record<LineLevel, number> = { info: logger.levels.values.info, warn: logger.levels.values.warn, error: logger.levels.values.error }
  return (level: LineLevel, fields: string, msg: string) => {
    if (!logger.isLevelEnabled(level)) return
    stream.write(`{"level":${levels[level]}${time()}${internals[chindingsSym] as string},${fields},"msg":${JSON.stringify(msg)}}\n`)
  }
}
