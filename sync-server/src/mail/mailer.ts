/**
 * Sending e-mail. With SMTP_URL set, mail goes out through nodemailer. Without it (never in
 * production: config refuses), each message is written to the server log and kept in a small
 * in-memory outbox that the development-only `/api/v1/dev/outbox` call shows, so sign-in works on a
 * laptop with no mail server.
 */
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface OutboxEntry extends MailMessage {
  sent_at: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Messages kept by the log mailer, newest first; empty when real SMTP is used. */
  outbox(): readonly OutboxEntry[]
}

const OUTBOX_SIZE = 50

export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
      outbox: () => [],
    }
  }
  const kept: OutboxEntry[] = []
  return {
    async send(message) {
      kept.unshift({ ...message, sent_at: new Date().toISOString() })
      kept.length = Math.min(kept.length, OUTBOX_SIZE)
      options.logger.info({ to: message.to }, `[mail not configured: SMTP_URL unset] ${message.subject}\n${message.text}`)
    },
    outbox: () => kept,
  }
}
