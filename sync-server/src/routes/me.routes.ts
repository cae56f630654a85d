import { Router, type RequestHandler } from 'express'
import { dailyGoalBodySchema, patchMeBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { isPromise } from '../maybe-promise.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UsersService } from '../services/users.service.ts'

/** `requireUserWithToday`: requireUser reading today's seconds with the session (middleware/authenticate.ts). */
export function meRoutes(router: Router, deps: { users: UsersService; requireUser: RequestHandler; requireUserWithToday: RequestHandler }) {
  const signedIn = deps.requireUser

  // The body is the user itself (spec section 7), not wrapped in `data`.
  router.get('/me', signedIn, (req, res) => {
    res.json(deps.users.toView(currentUser(req)))
  })

  router.patch('/me/display_name', signedIn, async (req, res) => {
    // The name is validated by the service, after the premium rule.
    const body = req.body as { display_name?: unknown } | undefined
    res.json({ data: await deps.users.changeDisplayName(currentUser(req), body?.display_name) })
  })

  router.patch('/me/daily_goal', signedIn, async (req, res) => {
    const { daily_goal_minutes } = parseWith(dailyGoalBodySchema, req.body)
    res.json({ data: await deps.users.setDailyGoal(currentUser(req), daily_goal_minutes) })
  })

  router.patch('/me', signedIn, async (req, res) => {
    const { user } = parseWith(patchMeBodySchema, req.body)
    // The name first: if its rules refuse it, the goal is not half-applied.
    let view = user.display_name !== undefined ? await deps.users.changeDisplayName(currentUser(req), user.display_name) : undefined
    if (user.daily_goal_minutes !== undefined) view = await deps.users.setDailyGoal(currentUser(req), user.daily_goal_minutes)
    res.json({ data: view })
  })

  // Answered without a promise hop where the read is synchronous (SQLite), and from the one read that
  // found the session where it can (on PostgreSQL one round trip, not two): the app polls this.
  router.get('/me/daily_progress', deps.requireUserWithToday, (req, res) => {
    const progress = deps.users.dailyProgress(currentUser(req), req.watchedToday)
    if (isPromise(progress)) return progress.then((answer) => void res.json(answer))
    res.json(progress)
  })

}
