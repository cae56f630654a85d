import { normalizeEmail } from '../../../contract/index.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { Routes } from './route.ts'

/**
 * Development only (never mounted in production): the mail the log mailer kept, so a developer
 * without SMTP can read a sign-in code in the browser at /api/v1/dev/outbox?email=...
 * It shows everyone's codes, the admin's included, so it answers only this machine (its role: loopback).
 */
export function devRoutes(routes: Routes, deps: { mailer: Mailer }) {
  routes.add('dev.outbox', ({ req, res }) => {
    const email = typeof req.query.email === 'string' ? normalizeEmail(req.query.email) : undefined
    const mails = deps.mailer.outbox().filter((mail) => !email || mail.to === email)
    res.set('Cache-Control', 'no-store').json({ data: mails.map(({ to, subject, text, sent_at }) => ({ to, subject, text, sent_at })) })
  })
}
