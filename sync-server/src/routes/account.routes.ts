import type { RequestHandler, Response, Router } from 'express'
import { deleteAccountBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { currentSession } from '../middleware/current-session.ts'
import { parseWith } from '../middleware/validate.ts'
import type { AccountDeletionService } from '../services/account-deletion.service.ts'
import type { AccountExportService } from '../services/account-export.service.ts'
import type { DevicesService } from '../services/devices.service.ts'
import { responseSink } from '../web/response-sink.ts'
import { on } from './route.ts'

/** The account (contract: "The account"): devices, export, deletion. */
export function accountRoutes(
  router: Router,
  deps: { devices: DevicesService; exports: AccountExportService; deletion: AccountDeletionService; requireUser: RequestHandler },
) {
  const signedIn = deps.requireUser

  const startAttachment = (res: Response, type: string, fileName: string) => {
    res.status(200)
    res.set({ 'content-type': type, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' })
  }
  const sendCsv: RequestHandler = async (req, res) => {
    startAttachment(res, 'text/csv; charset=utf-8', deps.exports.fileName('csv'))
    await deps.exports.writeWatchHistoryCsv(currentUser(req), responseSink(res))
    res.end()
  }

  on(router, 'account.export', signedIn, async (req, res, next) => {
    if (req.query.format === 'csv') return sendCsv(req, res, next)
    startAttachment(res, 'application/json; charset=utf-8', deps.exports.fileName('json'))
    await deps.exports.writeJson(currentUser(req), responseSink(res))
    res.end()
  })
  on(router, 'account.exportCsv', signedIn, sendCsv)

  on(router, 'account.sessions', signedIn, async (req, res) => {
    res.json({ data: await deps.devices.list(currentUser(req).id, currentSession(req)) })
  })

  // Beyond the contract: "sign out everywhere else" in one call (docs/api.md).
  on(router, 'account.signOutOthers', signedIn, async (req, res) => {
    res.json({ data: { signed_out: await deps.devices.signOutOthers(currentUser(req).id, currentSession(req)) } })
  })

  on(router, 'account.signOutSession', signedIn, async (req, res) => {
    await deps.devices.signOut(currentUser(req).id, String(req.params.id))
    res.status(204).end()
  })

  on(router, 'account.deletionCode', signedIn, async (req, res) => {
    await deps.deletion.requestCode(currentUser(req))
    res.status(202).json({ data: { sent: true } })
  })

  on(router, 'account.delete', signedIn, async (req, res) => {
    const { otp } = parseWith(deleteAccountBodySchema, req.body)
    await deps.deletion.deleteAccount(currentUser(req), otp)
    res.status(204).end()
  })
}
