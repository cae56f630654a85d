import type { RatingsService } from '../services/ratings.service.ts'
import type { Routes } from './route.ts'

export function ratingsRoutes(routes: Routes, deps: { ratings: RatingsService }) {
  routes.add('ratings.create', async ({ res, user, body }) => {
    res.json({ data: await deps.ratings.record(user, body.ratings) })
  })
}
