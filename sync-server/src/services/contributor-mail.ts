/**
 * Sends the contributor journey's e-mails (mail/contributor.mail.ts) in the reader's language: the
 * account's when it has one, else the language the application was sent in, else English. A mail that
 * cannot be sent is logged and never undoes the decision or the publish it tells of.
 */
import type { Logger } from 'pino'
import type { MailLanguage } from '../db/schema/columns.ts'
import {
  applicationAcceptedMail,
  applicationDeclinedMail,
  applicationReceivedMail,
  submissionPublishedMail,
} from '../mail/contributor.mail.ts'
import type { Mailer, MailMessage } from '../mail/mailer.ts'
import type { ApplicationRow } from '../repositories/contributor-applications.repository.ts'
import type { UsersRepository } from '../repositories/users.repository.ts'

export type ContributorMail = ReturnType<typeof createContributorMail>

export function createContributorMail(deps: { mailer: Mailer; logger: Logger; users: Pick<UsersRepository, 'findByEmail' | 'findById'>; appUrl: string }) {
  const link = (path: string) => new URL(path, deps.appUrl).toString()

  async function send(what: string, message: MailMessage): Promise<void> {
    try {
      await deps.mailer.send(message)
    } catch (error) {
      deps.logger.warn({ err: error, what }, 'a contributor e-mail could not be sent')
    }
  }

  async function languageOf(email: string, fallback: MailLanguage): Promise<MailLanguage> {
    return (await deps.users.findByEmail(email))?.ui_language ?? fallback
  }

  return {
    applicationReceived: (row: ApplicationRow) => send('application received', applicationReceivedMail(row.email, row.ui_language, row.name)),

    async applicationDecided(row: ApplicationRow): Promise<void> {
      const language = await languageOf(row.email, row.ui_language)
      if (row.status === 'accepted') {
        await send('application accepted', applicationAcceptedMail(row.email, language, row.name, { signIn: link('/login'), dashboard: link('/contributor-dashboard') }))
      } else if (row.status === 'rejected') {
        await send('application declined', applicationDeclinedMail(row.email, language, row.name))
      }
    },

    async submissionPublished(uploaderId: number, title: string, languageCode: string, videoId: number): Promise<void> {
      const uploader = await deps.users.findById(uploaderId)
      if (!uploader || uploader.deleted_at) return
      const url = link(`/languages/${encodeURIComponent(languageCode)}/videos/${videoId}`)
      await send('submission published', submissionPublishedMail(uploader.email, uploader.ui_language ?? 'en', title, url))
    },
  }
}
