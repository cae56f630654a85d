/**
 * A real SMTP server, in-process, for tests: the app mails through nodemailer to it, and the test
 * reads the sign-in code out of the received message.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  to: string[]
  /** The message with quoted-printable undone byte by byte (enough to find a code in it). */
  raw: string
  /** The message as it came over SMTP, for readMail. */
  source: string
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
          source: Buffer.concat(chunks).toString('utf8'),
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

/**
 * A received mail as a person reads it: the decoded subject and the plain text (the text/plain part of
 * a multipart message), with quoted-printable or base64 undone as UTF-8.
 */
export function readMail(mail: CapturedMail): { subject: string; text: string } {
  const { headers, body } = splitMessage(mail.source)
  const subject = decodeWords(headers.get('subject') ?? '')
  return { subject, text: textOf(headers, body) }
}

function splitMessage(source: string): { headers: Map<string, string>; body: string } {
  const at = source.search(/\r?\n\r?\n/)
  const head = at < 0 ? source : source.slice(0, at)
  const body = at < 0 ? '' : source.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function textOf(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const inner = splitMessage(part.replace(/^\r?\n/, ''))
      if ((inner.headers.get('content-type') ?? '').toLowerCase().startsWith('text/plain')) return textOf(inner.headers, inner.body)
    }
    return ''
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return quotedPrintableBytes(body).toString('utf8').replace(/\r\n/g, '\n').trimEnd()
  return body.replace(/\r\n/g, '\n').trimEnd()
}

function quotedPrintableBytes(text: string): Buffer {
  const unwrapped = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3)
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(unwrapped[i], 'utf8'))
  }
  return Buffer.from(bytes)
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintableBytes(data.replace(/_/g, ' ')).toString('utf8'),
    )
}
