import { Router, type RequestHandler } from 'express'
import { dailyGoalBodySchema, displayNameBodySchema, patchMeBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UsersService } from '../services/users.service.ts'

export function meRoutes(deps: { users: UsersService; requireUser: RequestHandler }) {
  const router = Router()
  router.use('/me', deps.requireUser)

  // The body is the user itself (spec section 7), not wrapped in `data`.
  router.get('/me', (req, res) => {
    res.json(deps.users.toView(currentUser(req)))
  })

  router.patch('/me/display_name', (req, res) => {
    const { display_name } = parseWith(displayNameBodySchema, req.body)
    res.json({ data: deps.users.changeDisplayName(currentUser(req), display_name) })
  })

  router.patch('/me/daily_goal', (req, res) => {
    const { daily_goal_minutes } = parseWith(dailyGoalBodySchema, req.body)
    res.json({ data: deps.users.setDailyGoal(currentUser(req), daily_goal_minutes) })
  })

  router.patch('/me', (req, res) => {
    const { user } = parseWith(patchMeBodySchema, req.body)
    res.json({ data: deps.users.setDailyGoal(currentUser(req), user.daily_goal_minutes) })
  })

  router.get('/me/daily_progress', (req, res) => {
    res.json(deps.users.dailyProgress(currentUser(req)))
  })

  return router
}
