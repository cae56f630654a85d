import type { RequestHandler } from 'express'
import { displayNameBodySchema, staffDisplayNameBodySchema } from '../../../contract/index.ts'
import { isPromise } from '../maybe-promise.ts'
import { parseWith } from '../middleware/validate.ts'
import type { UsersService } from '../services/users.service.ts'
import { sendJson } from '../web/send-json.ts'
import type { Routes } from './route.ts'

/**
 * The display name checked by the rules for staff (admins may take staff names) or for everyone else:
 * which schema applies is known only once the caller is, so the name is not the table's schema's to parse.
 */
const displayNameOf = (raw: unknown) => (staff: boolean) =>
  parseWith(staff ? staffDisplayNameBodySchema : displayNameBodySchema, { display_name: raw }).display_name

export function meRoutes(routes: Routes, deps: { users: UsersService }) {
  // The body is the user itself (spec section 7), not wrapped in `data`.
  routes.add('me.get', ({ res, user }) => {
    res.json(deps.users.toView(user))
  })

  routes.add('me.displayName', async ({ req, res, user }) => {
    // The name is validated by the service, after the premium rule.
    const body = req.body as { display_name?: unknown } | undefined
    res.json({ data: await deps.users.changeDisplayName(user, displayNameOf(body?.display_name)) })
  })

  routes.add('me.dailyGoal', async ({ res, user, body }) => {
    res.json({ data: await deps.users.setDailyGoal(user, body.daily_goal_minutes) })
  })

  routes.add('me.update', async ({ res, user: caller, body: { user } }) => {
    // The name first: if its rules refuse it, the goal is not half-applied.
    let view = user.display_name !== undefined ? await deps.users.changeDisplayName(caller, displayNameOf(user.display_name)) : undefined
    if (user.daily_goal_minutes !== undefined) view = await deps.users.setDailyGoal(caller, user.daily_goal_minutes)
    res.json({ data: view })
  })
}

/**
 * GET /me/daily_progress, which every open app polls, served ahead of everything else (the table's
 * `ahead`) with the API's logging and headers rather than at the end of the API router's stack: its
 * errors still reach the app's error handler, in the contract's shape. `requireUserWithToday`:
 * requireUser reading today's seconds with the session (middleware/authenticate.ts), so on SQLite the
 * answer takes no promise hop and on PostgreSQL one round trip. Measured against the route inside the
 * API router with res.json (`npm run bench -- api`, see docs/performance.md).
 */
export function dailyProgressRoute(routes: Routes, deps: { users: UsersService; requireUserWithToday: RequestHandler }) {
  routes.add('me.dailyProgress', { signIn: deps.requireUserWithToday }, ({ req, res, user }) => {
    const progress = deps.users.dailyProgress(user, req.watchedToday)
    if (isPromise(progress)) return progress.then((answer) => sendJson(res, answer))
    sendJson(res, progress)
  })
}
