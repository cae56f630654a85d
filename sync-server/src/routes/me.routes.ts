import { Router, type RequestHandler } from 'express'
import { dailyGoalBodySchema, displayNameBodySchema, patchMeBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UsersService } from '../services/users.service.ts'

export function meRoutes(router: Router, deps: { users: UsersService; requireUser: RequestHandler }) {
  const signedIn = deps.requireUser

  // The body is the user itself (spec section 7), not wrapped in `data`.
  router.get('/me', signedIn, (req, res) => {
    res.json(deps.users.toView(currentUser(req)))
  })

  router.patch('/me/display_name', signedIn, (req, res) => {
    const { display_name } = parseWith(displayNameBodySchema, req.body)
    res.json({ data: deps.users.changeDisplayName(currentUser(req), display_name) })
  })

  router.patch('/me/daily_goal', signedIn, (req, res) => {
    const { daily_goal_minutes } = parseWith(dailyGoalBodySchema, req.body)
    res.json({ data: deps.users.setDailyGoal(currentUser(req), daily_goal_minutes) })
  })

  router.patch('/me', signedIn, (req, res) => {
    const { user } = parseWith(patchMeBodySchema, req.body)
    res.json({ data: deps.users.setDailyGoal(currentUser(req), user.daily_goal_minutes) })
  })

  router.get('/me/daily_progress', signedIn, (req, res) => {
    res.json(deps.users.dailyProgress(currentUser(req)))
  })

}
