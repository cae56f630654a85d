/** What every module of the context is built from: the config, the clock, the database and its dialect helpers. */
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { HotPathReads } from '../db/dialect/hot-path.ts'
import type { Locking } from '../db/dialect/locking.ts'
import type { TextSearch } from '../db/dialect/text-search.ts'
import type { Engine } from '../db/engine.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { Stores } from '../storage/stores.ts'

export interface Shared {
  config: Config
  clock: Clock
  logger: Logger
  database: Engine
  secret: string
  mailer: Mailer
  /** Where stored files live: DATA_DIR or the bucket (storage/stores.ts). */
  storage: Stores
  /** Per-engine: the user's-rows lock, the text search, the signed-in hot path's reads. */
  locking: Locking
  search: TextSearch
  hotPath: HotPathReads
  /** This process's metrics (metrics/metrics.ts), recorded into by every layer, served by metrics-listener.ts. */
  metrics: Metrics
}
