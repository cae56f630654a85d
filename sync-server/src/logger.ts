import pino, { type Logger } from 'pino'

/** Codes and tokens never reach a production log: anything under these keys is replaced. */
const REDACT = ['code', 'otp', 'token', 'authorization', '*.authorization', '*.token', '*.otp']

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } })
}
