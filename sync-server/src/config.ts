/**
 * The server's settings, read from the environment once, checked, and frozen. A bad value stops the
 * server at start with a message naming the variable, instead of failing later in a request.
 */
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import {
  normalizeEmail,
  OTP_SENDS_PER_ADDRESS_IP_PER_HOUR,
  OTP_SENDS_PER_ADDRESS_PER_HOUR,
  OTP_SENDS_PER_IP_PER_HOUR,
} from '../../contract/index.ts'
import { readStorageConfig, type StorageConfig } from './storage/storage-config.ts'

const port = z.coerce.number().int().min(0).max(65535)
const positiveInt = z.coerce.number().int().positive()
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8080),
  /** Unset: every interface in production, only this machine (127.0.0.1) otherwise. */
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** Unset: SQLite in DATA_DIR (the embedded default). postgres://…: every table in that database. */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, {
        error: 'must be a PostgreSQL URL (postgres://user:password@host:5432/database), or unset for SQLite in DATA_DIR',
      })
      .optional(),
  ),
  /** How long a start waits for PostgreSQL to answer (a database that comes up after us), trying again with backoff. */
  DATABASE_CONNECT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://dehieu.app' }).optional(),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Dễ Hiểu <no-reply@dehieu.local>'),
  ADMIN_EMAILS: z.string().default(''),
  MAX_UPLOAD_BYTES: positiveInt.default(2 * 1024 ** 3),
  /**
   * Free space DATA_DIR's disk keeps for the database, its write-ahead log, transcodes and logs: below
   * it every upload (tus, applications, thumbnails, captions) is refused with 507. 0 turns the check off.
   */
  DISK_RESERVE_BYTES: z.coerce.number().int().min(0).default(1024 ** 3),
  /** Application videos stored in any hour, from everyone together (the form is open to anyone). */
  APPLICATION_VIDEOS_PER_HOUR: positiveInt.default(30),
  APPLICATION_VIDEO_BYTES_PER_HOUR: positiveInt.default(1024 ** 3),
  /** Unfinished uploads one contributor may have at once, and the bytes they declare together. */
  UNFINISHED_UPLOADS_PER_CONTRIBUTOR: positiveInt.default(3),
  UNFINISHED_UPLOAD_BYTES_PER_CONTRIBUTOR: positiveInt.default(6 * 1024 ** 3),
  PREVIEW_SECONDS: positiveInt.default(180),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_MONTH: optionalText,
  STRIPE_PRICE_YEAR: optionalText,
  /** Where the Stripe API is (default Stripe's own): stripe-mock, or a test's stand-in, in development and tests. */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Secret for hashing codes and signing media grants; generated into DATA_DIR when unset. */
  APP_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Who may say, in X-Forwarded-For, which address a request came from: unset or 0 nobody (the
   * socket's address counts); a number of proxies in front (1 behind deploy/nginx.conf); or the
   * proxies' addresses (a comma-separated list of addresses, CIDR ranges, or loopback/linklocal/uniquelocal).
   */
  TRUST_PROXY: z.string().trim().default('0'),
  OTP_SENDS_PER_ADDRESS_IP_PER_HOUR: positiveInt.default(OTP_SENDS_PER_ADDRESS_IP_PER_HOUR),
  OTP_SENDS_PER_ADDRESS_PER_HOUR: positiveInt.default(OTP_SENDS_PER_ADDRESS_PER_HOUR),
  OTP_SENDS_PER_IP_PER_HOUR: positiveInt.default(OTP_SENDS_PER_IP_PER_HOUR),
  /** Code checks (POST /auth/verify) one IP may make in 10 minutes. */
  VERIFY_PER_IP_PER_10_MINUTES: positiveInt.default(100),
  /** A deployment not yet open: its landing page is the pre-launch one (Coming soon, the waitlist) instead of Sign in / Start watching. */
  PRE_LAUNCH: z.enum(['true', 'false', '1', '0']).optional(),
  /** Seed a demo catalogue into an empty DATA_DIR at start; default on outside production and tests. */
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  /** Background jobs (transcodes) this process runs at once; 0 makes an API-only process. */
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** How long a claimed job is held without a renewal before another worker may run it again. */
  JOB_LEASE_SECONDS: positiveInt.default(60),
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /**
   * Where the metrics (Prometheus's text format, GET /metrics) are served: `host:port` or a port (on
   * 127.0.0.1), a listener of its own, never the public one. Unset: no metrics listener.
   */
  METRICS_LISTEN: optionalText.pipe(
    z
      .string()
      .regex(/^(?:(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?\d{1,5}$/, { error: 'must be host:port or a port, such as 127.0.0.1:9464' })
      .optional(),
  ),
  /** Set (e.g. /internal-media/) when nginx sends media: the server answers X-Accel-Redirect after the grant check. */
  MEDIA_ACCEL_REDIRECT: optionalText.pipe(
    z
      .string()
      .regex(/^\/([A-Za-z0-9._~-]+\/)+$/, { error: 'must be a path that starts and ends with / such as /internal-media/' })
      .optional(),
  ),
})

export type Config = Readonly<{
  env: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  host: string
  dataDir: string
  /** PostgreSQL's URL; undefined means SQLite in dataDir. */
  databaseUrl: string | undefined
  /** How long the first PostgreSQL connection is tried at start (ms). */
  databaseConnectMs: number
  publicUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  adminEmails: ReadonlySet<string>
  maxUploadBytes: number
  /** Free bytes DATA_DIR's disk keeps: below them uploads are refused (0: no check). */
  diskReserveBytes: number
  applicationVideosPerHour: number
  applicationVideoBytesPerHour: number
  unfinishedUploadsPerContributor: number
  unfinishedUploadBytesPerContributor: number
  previewSeconds: number
  stripe: Readonly<{ secretKey?: string; webhookSecret?: string; priceMonth?: string; priceYear?: string; apiUrl?: string }>
  appSecret: string | undefined
  logLevel: string
  /** Express's `trust proxy`: false (nobody), a number of hops, or the proxies' addresses and ranges. */
  trustProxy: TrustProxy
  otpSendsPerAddressIpPerHour: number
  otpSendsPerAddressPerHour: number
  otpSendsPerIpPerHour: number
  verifyPerIpPer10Minutes: number
  seedDemo: boolean
  /** The landing page is the pre-launch one (waitlist); default: the deployment is open (sign in). */
  preLaunch: boolean
  /** Jobs run at once by this process; 0: none (an API-only process). */
  workers: number
  jobLeaseMs: number
  /** The nginx internal location media is handed to, or undefined to send media ourselves. */
  mediaAccelRedirect: string | undefined
  /** SIGTERM: how long in-flight requests may run before their connections are cut (ms). */
  shutdownGraceMs: number
  /** The metrics listener's address (METRICS_LISTEN), or undefined for none. */
  metricsListen: Readonly<{ host: string; port: number }> | undefined
  /** Where stored files live: DATA_DIR (the default) or an S3 bucket (storage/storage-config.ts). */
  storage: StorageConfig
}>

export class ConfigError extends Error {}

export type TrustProxy = false | number | readonly string[]

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * TRUST_PROXY as Express takes it. `true` is refused: Express then takes the left-most
 * X-Forwarded-For entry, which the client writes, so any client could choose its own address and
 * every per-IP limit would be open. A hop count or the proxies' addresses trust exactly what is there.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase()
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') {
    throw new ConfigError(
      'Invalid settings in the environment:\n  TRUST_PROXY: "true" would let any client choose its address (Express trusts every X-Forwarded-For entry, and the first one is written by the client). ' +
        'Set the number of proxies in front of the server (TRUST_PROXY=1 behind deploy/nginx.conf) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).',
    )
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw new ConfigError(`Invalid settings in the environment:\n  TRUST_PROXY: ${hops} proxies in front is not a real setup; give the number of proxies (1 behind deploy/nginx.conf) or their addresses.`)
    return hops
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean)
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.has(entry)) continue
    const [address, bits, extra] = entry.split('/')
    const family = net.isIP(address ?? '')
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
    if (!family || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        `Invalid settings in the environment:\n  TRUST_PROXY: "${entry}" is not an address, a CIDR range or loopback/linklocal/uniquelocal (give the number of proxies, 1 behind deploy/nginx.conf, or the proxies' addresses)`,
      )
    }
  }
  return Object.freeze(entries)
}

/**
 * DATA_DIR alone, read as loadConfig reads it, for tools that need only the data folder (db:copy):
 * they must not stop on settings that concern only a running server.
 */
export function loadDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const parsed = envSchema.shape.DATA_DIR.safeParse(env.DATA_DIR)
  if (!parsed.success) {
    throw new ConfigError(`Invalid settings in the environment:\n  DATA_DIR: ${parsed.error.issues[0]?.message}`)
  }
  return path.resolve(parsed.data)
}

function parseListen(value: string | undefined): Config['metricsListen'] {
  if (!value) return undefined
  const at = value.lastIndexOf(':')
  const host = at < 0 ? '127.0.0.1' : value.slice(0, at).replace(/^\[(.*)\]$/, '$1')
  const port = Number(at < 0 ? value : value.slice(at + 1))
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigError(`Invalid settings in the environment:\n  METRICS_LISTEN: ${port} is not a port (1 to 65535)`)
  return Object.freeze({ host, port })
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const storage = readStorageConfig(env)
  if ('problems' in storage) throw new ConfigError(`Invalid settings in the environment:\n${storage.problems.join('\n')}`)
  const isProduction = e.NODE_ENV === 'production'
  if (isProduction && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid settings in the environment:\n  SMTP_URL: required in production (sign-in codes must be mailed)',
    )
  }
  if (e.STRIPE_SECRET_KEY && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid settings in the environment:\n  PUBLIC_URL: required with STRIPE_SECRET_KEY (Stripe sends buyers back to it)',
    )
  }
  const metricsListen = parseListen(e.METRICS_LISTEN)
  const adminEmails = new Set(
    e.ADMIN_EMAILS.split(',')
      .map((address) => normalizeEmail(address))
      .filter(Boolean),
  )
  return Object.freeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseConnectMs: e.DATABASE_CONNECT_SECONDS * 1000,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    diskReserveBytes: e.DISK_RESERVE_BYTES,
    applicationVideosPerHour: e.APPLICATION_VIDEOS_PER_HOUR,
    applicationVideoBytesPerHour: e.APPLICATION_VIDEO_BYTES_PER_HOUR,
    unfinishedUploadsPerContributor: e.UNFINISHED_UPLOADS_PER_CONTRIBUTOR,
    unfinishedUploadBytesPerContributor: e.UNFINISHED_UPLOAD_BYTES_PER_CONTRIBUTOR,
    previewSeconds: e.PREVIEW_SECONDS,
    stripe: Object.freeze({
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceMonth: e.STRIPE_PRICE_MONTH,
      priceYear: e.STRIPE_PRICE_YEAR,
      apiUrl: e.STRIPE_API_URL,
    }),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    otpSendsPerAddressIpPerHour: e.OTP_SENDS_PER_ADDRESS_IP_PER_HOUR,
    otpSendsPerAddressPerHour: e.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
    verifyPerIpPer10Minutes: e.VERIFY_PER_IP_PER_10_MINUTES,
    workers: e.WORKERS,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    mediaAccelRedirect: e.MEDIA_ACCEL_REDIRECT,
    metricsListen,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    storage: storage.config,
    preLaunch: e.PRE_LAUNCH === 'true' || e.PRE_LAUNCH === '1',
    seedDemo: !isProduction && (e.SEED_DEMO === undefined ? e.NODE_ENV === 'development' : e.SEED_DEMO === 'true' || e.SEED_DEMO === '1'),
  })
}
