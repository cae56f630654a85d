import pino, { type Logger } from 'pino'

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
 * The process's logger, to standard output or a file. What is buffered is written on any exit,
 * crashes included (pino flushes its destinations synchronously then); only a SIGKILL can lose it,
 * at most the last tenth of a second's lines.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  const destination = pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES })
  let unwritten = false
  const flushing = setInterval(() => {
    if (!unwritten) return
    unwritten = false
    destination.flush()
  }, LOG_FLUSH_MS).unref()
  destination.on('close', () => clearInterval(flushing))
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '[redacted]' },
      hooks: {
        streamWrite(line) {
          unwritten = true
          return line
        },
      },
    },
    destination,
  )
}
