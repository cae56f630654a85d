import type { RequestHandler, Router } from 'express'
import { outsideHoursBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { OutsideHoursService } from '../services/outside-hours.service.ts'
import { on } from './route.ts'

export function outsideHoursRoutes(router: Router, deps: { outsideHours: OutsideHoursService; requireUser: RequestHandler }) {
  on(router, 'outsideHours.create', deps.requireUser, async (req, res) => {
    const { entry } = parseWith(outsideHoursBodySchema, req.body)
    const { created } = await deps.outsideHours.record(currentUser(req), entry)
    res.status(created ? 201 : 200).json({ data: { client_id: entry.client_id } })
  })
}
