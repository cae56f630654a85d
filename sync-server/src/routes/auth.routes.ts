import { perIpLimit, type RateLimitDeps } from '../middleware/rate-limit.ts'
import type { AuthService } from '../services/auth.service.ts'
import type { UsersService } from '../services/users.service.ts'
import { clientNetwork } from '../web/client-network.ts'
import type { Routes } from './route.ts'

export function authRoutes(routes: Routes, deps: { auth: AuthService; users: UsersService; rateLimits: RateLimitDeps; verifyPer10Minutes: number }) {
  // Each code already dies after five wrong tries; this bounds guessing across many codes from one IP.
  const verifyLimit = perIpLimit(deps.rateLimits, {
    name: 'verify',
    windowMs: 10 * 60_000,
    limit: deps.verifyPer10Minutes,
    message: 'Too many sign-in attempts from your network. Please wait a few minutes.',
  })

  routes.add('auth.register', async ({ req, res, body }) => {
    await deps.auth.requestCode(body.email, clientNetwork(req))
    res.status(202).json({ data: { sent: true } })
  })

  routes.add('auth.verify', { guards: [verifyLimit] }, async ({ req, res, body: { email, otp } }) => {
    const { token, user, isNewUser } = await deps.auth.verifyCode(email, otp, clientNetwork(req), req.get('user-agent'))
    const withZone = await deps.users.noteTimeZone(user, req.get('x-time-zone'))
    res.json({ data: { token, user: deps.users.toView(withZone), is_new_user: isNewUser } })
  })

  routes.add('auth.logout', async ({ req, res }) => {
    await deps.auth.logout(req.tokenHash!)
    res.status(204).end()
  })
}
