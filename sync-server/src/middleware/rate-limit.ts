import { rateLimit, type Options, type Store } from 'express-rate-limit'
import type { Clock } from '../clock.ts'
import { rateLimited } from '../errors.ts'
import type { RateLimitsRepository } from '../repositories/rate-limits.repository.ts'
import { clientNetwork } from '../web/client-network.ts'

/**
 * express-rate-limit's counters in the database (rate_limit_hits, 0013), so every API process behind
 * the load balancer counts against the same limit: one upsert per counted request. The limiter's name
 * prefixes its keys, as limiters share the table.
 */
class DatabaseStore implements Store {
  readonly localKeys = false
  readonly prefix: string
  #windowMs = 60_000
  constructor(
    private readonly counters: RateLimitsRepository,
    private readonly clock: Clock,
    name: string,
  ) {
    this.prefix = `${name}:`
  }
  init(options: Options) {
    this.#windowMs = options.windowMs
  }
  async get(key: string) {
    const found = await this.counters.get(this.prefix + key, this.clock.now())
    return found && { totalHits: found.hits, resetTime: new Date(found.resetAt) }
  }
  async increment(key: string) {
    const { hits, resetAt } = await this.counters.increment(this.prefix + key, this.clock.now(), this.#windowMs)
    return { totalHits: hits, resetTime: new Date(resetAt) }
  }
  async decrement(key: string) {
    await this.counters.decrement(this.prefix + key, this.clock.now())
  }
  async resetKey(key: string) {
    await this.counters.reset(this.prefix + key)
  }
}

export interface RateLimitDeps {
  counters: RateLimitsRepository
  clock: Clock
}

/**
 * A per-IP limit that answers in the contract's shape with Retry-After, counted in the database. The
 * key is the client's network (web/client-network.ts): an IPv4 address, or an IPv6 /64.
 */
export function perIpLimit(deps: RateLimitDeps, options: { name: string; windowMs: number; limit: number; message: string }) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseStore(deps.counters, deps.clock, options.name),
    keyGenerator: (req) => clientNetwork(req),
    // The store is ours; a failing database fails the request through the error handler (5xx is
    // what a failing database gives every other call too) rather than letting requests through unlimited.
    passOnStoreError: false,
    handler: (req, _res, next) => {
      const info = (req as typeof req & { rateLimit?: { resetTime?: Date } }).rateLimit
      const now = deps.clock.now()
      const reset = info?.resetTime?.getTime() ?? now + options.windowMs
      next(rateLimited((reset - now) / 1000, options.message))
    },
  })
}
