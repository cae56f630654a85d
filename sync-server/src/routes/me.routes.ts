import type { Express, RequestHandler, Router } from 'express'
import { dailyGoalBodySchema, displayNameBodySchema, patchMeBodySchema, staffDisplayNameBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { isPromise } from '../maybe-promise.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UsersService } from '../services/users.service.ts'
import { sendJson } from '../web/send-json.ts'
import { on, early } from './route.ts'

/** The display name checked by the rules for staff (admins may take staff names) or for everyone else. */
const displayNameOf = (raw: unknown) => (staff: boolean) =>
  parseWith(staff ? staffDisplayNameBodySchema : displayNameBodySchema, { display_name: raw }).display_name

export function meRoutes(router: Router, deps: { users: UsersService; requireUser: RequestHandler }) {
  const signedIn = deps.requireUser

  // The body is the user itself (spec section 7), not wrapped in `data`.
  on(router, 'me.get', signedIn, (req, res) => {
    res.json(deps.users.toView(currentUser(req)))
  })

  on(router, 'me.displayName', signedIn, async (req, res) => {
    // The name is validated by the service, after the premium rule.
    const body = req.body as { display_name?: unknown } | undefined
    res.json({ data: await deps.users.changeDisplayName(currentUser(req), displayNameOf(body?.display_name)) })
  })

  on(router, 'me.dailyGoal', signedIn, async (req, res) => {
    const { daily_goal_minutes } = parseWith(dailyGoalBodySchema, req.body)
    res.json({ data: await deps.users.setDailyGoal(currentUser(req), daily_goal_minutes) })
  })

  on(router, 'me.update', signedIn, async (req, res) => {
    const { user } = parseWith(patchMeBodySchema, req.body)
    // The name first: if its rules refuse it, the goal is not half-applied.
    let view = user.display_name !== undefined ? await deps.users.changeDisplayName(currentUser(req), displayNameOf(user.display_name)) : undefined
    if (user.daily_goal_minutes !== undefined) view = await deps.users.setDailyGoal(currentUser(req), user.daily_goal_minutes)
    res.json({ data: view })
  })
}

/**
 * GET /me/daily_progress, which every open app polls, registered on the app ahead of everything else
 * with the API's logging and headers (`prelude`) rather than at the end of the API router's stack:
 * its errors still reach the app's error handler, in the contract's shape. `requireUserWithToday`:
 * requireUser reading today's seconds with the session (middleware/authenticate.ts), so on SQLite the
 * answer takes no promise hop and on PostgreSQL one round trip. Measured against the route inside the
 * API router with res.json (`npm run bench -- api`, see docs/performance.md).
 */
export function dailyProgressRoute(app: Express, deps: { users: UsersService; requireUserWithToday: RequestHandler; prelude: RequestHandler[] }) {
  early(app, 'me.dailyProgress', ...deps.prelude, deps.requireUserWithToday, (req, res) => {
    const progress = deps.users.dailyProgress(currentUser(req), req.watchedToday)
    if (isPromise(progress)) return progress.then((answer) => sendJson(res, answer))
    sendJson(res, progress)
  })
}
