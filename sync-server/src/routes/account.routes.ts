import type { Response } from 'express'
import { currentSession } from '../middleware/current-session.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import type { AccountDeletionService } from '../services/account-deletion.service.ts'
import type { AccountExportService } from '../services/account-export.service.ts'
import type { DevicesService } from '../services/devices.service.ts'
import { responseSink } from '../web/response-sink.ts'
import type { Routes } from './route.ts'

/** The account (contract: "The account"): devices, export, deletion. */
export function accountRoutes(routes: Routes, deps: { devices: DevicesService; exports: AccountExportService; deletion: AccountDeletionService }) {
  const startAttachment = (res: Response, type: string, fileName: string) => {
    res.status(200)
    res.set({ 'content-type': type, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' })
  }
  const sendCsv = async ({ user, res }: { user: UserRow; res: Response }) => {
    startAttachment(res, 'text/csv; charset=utf-8', deps.exports.fileName('csv'))
    await deps.exports.writeWatchHistoryCsv(user, responseSink(res))
    res.end()
  }

  routes.add('account.export', async (call) => {
    if (call.req.query.format === 'csv') return sendCsv(call)
    startAttachment(call.res, 'application/json; charset=utf-8', deps.exports.fileName('json'))
    await deps.exports.writeJson(call.user, responseSink(call.res))
    call.res.end()
  })
  routes.add('account.exportCsv', sendCsv)

  routes.add('account.sessions', async ({ req, res, user }) => {
    res.json({ data: await deps.devices.list(user.id, currentSession(req)) })
  })

  // Beyond the contract: "sign out everywhere else" in one call (docs/api.md).
  routes.add('account.signOutOthers', async ({ req, res, user }) => {
    res.json({ data: { signed_out: await deps.devices.signOutOthers(user.id, currentSession(req)) } })
  })

  routes.add('account.signOutSession', async ({ req, res, user }) => {
    await deps.devices.signOut(user.id, String(req.params.id))
    res.status(204).end()
  })

  routes.add('account.deletionCode', async ({ res, user }) => {
    await deps.deletion.requestCode(user)
    res.status(202).json({ data: { sent: true } })
  })

  routes.add('account.delete', async ({ res, user, body }) => {
    await deps.deletion.deleteAccount(user, body.otp)
    res.status(204).end()
  })
}
