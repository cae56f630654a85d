import { Router } from 'express'
import type { Db } from '../db/connection.ts'

export function healthRoutes(router: Router, deps: { db: Db; version: string }) {
  const ping = deps.db.prepare('SELECT 1')
  router.get('/health', (_req, res) => {
    ping.get()
    res.set('Cache-Control', 'no-store').json({ status: 'ok', version: deps.version })
  })
}
