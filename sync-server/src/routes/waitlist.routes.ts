import { perIpLimit, type RateLimitDeps } from '../middleware/rate-limit.ts'
import type { WaitlistService } from '../services/waitlist.service.ts'
import type { Routes } from './route.ts'

export function waitlistRoutes(routes: Routes, deps: { waitlist: WaitlistService; rateLimits: RateLimitDeps }) {
  const limit = perIpLimit(deps.rateLimits, { name: 'waitlist', windowMs: 60 * 60_000, limit: 30, message: 'Too many sign-ups from your network. Please try later.' })
  routes.add('waitlist.join', { guards: [limit] }, async ({ res, body }) => {
    await deps.waitlist.join(body.email, body.website)
    res.status(202).json({ data: { joined: true } })
  })
}
