import type { RequestHandler, Router } from 'express'
import { ratingsBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { RatingsService } from '../services/ratings.service.ts'
import { on } from './route.ts'

export function ratingsRoutes(router: Router, deps: { ratings: RatingsService; requireUser: RequestHandler }) {
  on(router, 'ratings.create', deps.requireUser, async (req, res) => {
    const { ratings } = parseWith(ratingsBodySchema, req.body)
    res.json({ data: await deps.ratings.record(currentUser(req), ratings) })
  })
}
