import type { RequestHandler, Router } from 'express'
import { currentUser } from '../middleware/authenticate.ts'
import { currentSession } from '../middleware/current-session.ts'
import type { DevicesService } from '../services/devices.service.ts'

/** The account (contract: "The account"): devices, export, deletion. */
export function accountRoutes(router: Router, deps: { devices: DevicesService; requireUser: RequestHandler }) {
  const signedIn = deps.requireUser

  router.get('/me/sessions', signedIn, async (req, res) => {
    res.json({ data: await deps.devices.list(currentUser(req).id, currentSession(req)) })
  })

  // Beyond the contract: "sign out everywhere else" in one call (docs/api.md).
  router.post('/me/sessions/sign_out_others', signedIn, async (req, res) => {
    res.json({ data: { signed_out: await deps.devices.signOutOthers(currentUser(req).id, currentSession(req)) } })
  })

  router.delete('/me/sessions/:id', signedIn, async (req, res) => {
    await deps.devices.signOut(currentUser(req).id, String(req.params.id))
    res.status(204).end()
  })
}
