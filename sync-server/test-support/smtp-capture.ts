/**
 * A real SMTP server, in-process, for tests: the app mails through nodemailer to it, and the test
 * reads the sign-in code out of the received message.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  to: string[]
  raw: string
}

export interface SmtpCapture {
  url: string
  mails: CapturedMail[]
  /**
   * Resolves with the newest code mailed to the address after `since` mails had arrived: a sign-in code
   * unless `pattern` (one capture group) says which mail, e.g. DELETION_CODE.
   */
  waitForCode(email: string, options?: { since?: number; timeoutMs?: number; pattern?: RegExp }): Promise<string>
  close(): Promise<void>
}

const CODE = /sign-in code is (\d{6})/
/** The code of the mail that confirms deleting an account. */
export const DELETION_CODE = /code to DELETE your [^\n]{1,40} account is (\d{6})/

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  function findCode(email: string, since: number, pattern: RegExp): string | undefined {
    for (let i = mails.length - 1; i >= since; i--) {
      if (mails[i].to.includes(email.toLowerCase())) {
        const match = pattern.exec(mails[i].raw)
        if (match) return match[1]
      }
    }
    return undefined
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForCode(email, { since = 0, timeoutMs = 10_000, pattern = CODE } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const code = findCode(email, since, pattern)
          if (code) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(code)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no sign-in code mailed to ${email}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
