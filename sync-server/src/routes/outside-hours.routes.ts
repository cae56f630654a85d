import type { OutsideHoursService } from '../services/outside-hours.service.ts'
import type { Routes } from './route.ts'

export function outsideHoursRoutes(routes: Routes, deps: { outsideHours: OutsideHoursService }) {
  routes.add('outsideHours.create', async ({ res, user, body: { entry } }) => {
    const { created } = await deps.outsideHours.record(user, entry)
    res.status(created ? 201 : 200).json({ data: { client_id: entry.client_id } })
  })
}
