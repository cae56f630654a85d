import { Router } from 'express'
import { waitlistBodySchema } from '../../../contract/index.ts'
import { perIpLimit, type RateLimitDeps } from '../middleware/rate-limit.ts'
import { parseWith } from '../middleware/validate.ts'
import type { WaitlistService } from '../services/waitlist.service.ts'
import { on } from './route.ts'

export function waitlistRoutes(router: Router, deps: { waitlist: WaitlistService; rateLimits: RateLimitDeps }) {
  const limit = perIpLimit(deps.rateLimits, { name: 'waitlist', windowMs: 60 * 60_000, limit: 30, message: 'Too many sign-ups from your network. Please try later.' })
  on(router, 'waitlist.join', limit, async (req, res) => {
    const { email, website } = parseWith(waitlistBodySchema, req.body)
    await deps.waitlist.join(email, website)
    res.status(202).json({ data: { joined: true } })
  })
}
