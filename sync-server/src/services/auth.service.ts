/**
 * Sign-in by e-mail code.
 * - A code lives OTP_TTL_MINUTES, is stored as an HMAC, and only the newest code of an address works.
 * - After OTP_MAX_WRONG_TRIES wrong tries (each answered 401 invalid_code) the code is dead: every
 *   further try, even with the right code, answers 429 until a new code is requested.
 * - Sending is limited per address and per IP over a sliding hour, counted from the stored codes, so
 *   the limits survive a restart.
 * - Tokens are 32 random bytes, stored as SHA-256, valid SESSION_DAYS and extended while in use.
 */
import { ERROR_CODES, OTP_MAX_WRONG_TRIES, OTP_TTL_MINUTES } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, rateLimited } from '../errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { signInCodeMail } from '../mail/sign-in-code.mail.ts'
import type { OtpCodesRepository } from '../repositories/otp-codes.repository.ts'
import type { SessionsRepository } from '../repositories/sessions.repository.ts'
import type { UserRow, UsersRepository } from '../repositories/users.repository.ts'
import { hashOtpCode, newOtpCode, otpHashesMatch } from '../security/otp.ts'
import { hashToken, newToken } from '../security/tokens.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
const OTP_TTL_MS = OTP_TTL_MINUTES * 60_000
const SESSION_DAYS = 90
/** A session is pushed forward only when less than this is left, so most requests write nothing. */
const SESSION_RENEW_BELOW_DAYS = 60

export interface AuthServiceDeps {
  users: UsersRepository
  sessions: SessionsRepository
  otpCodes: OtpCodesRepository
  mailer: Mailer
  clock: Clock
  secret: string
  adminEmails: ReadonlySet<string>
  sendsPerAddressPerHour: number
  sendsPerIpPerHour: number
  onCodeIssued?: (email: string, code: string) => void
  /** An accepted contributor application for this address: its account is a contributor from the start. */
  isAcceptedContributor?: (email: string) => boolean
}

export type AuthService = ReturnType<typeof createAuthService>

export function createAuthService(deps: AuthServiceDeps) {
  const { users, sessions, otpCodes, clock } = deps

  function checkSendLimits(email: string, ip: string, now: number) {
    const since = now - HOUR_MS
    const toAddress = otpCodes.sentToAddressSince(email, since)
    if (toAddress.count >= deps.sendsPerAddressPerHour) {
      throw rateLimited(
        (toAddress.oldest! + HOUR_MS - now) / 1000,
        'Too many codes were sent to this address. Please wait before asking for another.',
      )
    }
    const fromIp = otpCodes.sentFromIpSince(ip, since)
    if (fromIp.count >= deps.sendsPerIpPerHour) {
      throw rateLimited(
        (fromIp.oldest! + HOUR_MS - now) / 1000,
        'Too many codes were requested from your network. Please wait before asking for another.',
      )
    }
  }

  return {
    async requestCode(email: string, ip: string): Promise<void> {
      const now = clock.now()
      checkSendLimits(email, ip, now)
      const code = newOtpCode()
      const id = otpCodes.replace(email, hashOtpCode(deps.secret, email, code), ip, now, now + OTP_TTL_MS)
      try {
        await deps.mailer.send(signInCodeMail(email, code))
      } catch (error) {
        // An unsent code must not count against the person's limit, nor stay usable.
        otpCodes.remove(id)
        throw new ApiError(503, ERROR_CODES.mailUnavailable, 'We could not send the code right now. Please try again.', {
          cause: error,
        })
      }
      deps.onCodeIssued?.(email, code)
    },

    verifyCode(email: string, otp: string): { token: string; user: UserRow; isNewUser: boolean } {
      const now = clock.now()
      const code = otpCodes.newest(email)
      const invalid = (message: string, reason: string) =>
        new ApiError(401, ERROR_CODES.invalidCode, message, { extra: { reason } })
      if (!code || code.consumed_at !== null) {
        throw invalid('That code is not valid. Check the e-mail or ask for a new code.', 'wrong')
      }
      if (code.wrong_tries >= OTP_MAX_WRONG_TRIES) {
        throw rateLimited(1, 'Too many wrong codes. Please ask for a new code.', ERROR_CODES.tooManyAttempts)
      }
      if (code.expires_at <= now) {
        throw invalid('That code has expired. Please ask for a new code.', 'expired')
      }
      if (!otpHashesMatch(code.code_hash, hashOtpCode(deps.secret, email, otp))) {
        // Each of the first OTP_MAX_WRONG_TRIES wrong tries is answered as wrong; the check above
        // refuses every try after them, the right code included.
        otpCodes.recordWrongTry(code.id)
        throw invalid('That code is not right. Check the e-mail and try again.', 'wrong')
      }
      if (!otpCodes.consume(code.id, now)) {
        throw invalid('That code was already used. Please ask for a new code.', 'used')
      }
      const nowIso = new Date(now).toISOString()
      const isAdmin = deps.adminEmails.has(email)
      const existing = users.findByEmail(email)
      let user = existing ? users.recordSignIn(existing.id, isAdmin, nowIso) : users.create(email, isAdmin, nowIso)
      if (!existing && deps.isAcceptedContributor?.(email)) user = users.setContributor(user.id)
      const token = newToken()
      sessions.create(hashToken(token), user.id, now, now + SESSION_DAYS * DAY_MS)
      return { token, user, isNewUser: !existing }
    },

    /** The user behind a bearer token, or undefined for a missing, unknown, expired or revoked one. */
    authenticate(token: string): { user: UserRow; tokenHash: string } | undefined {
      const now = clock.now()
      const tokenHash = hashToken(token)
      const user = sessions.findActive(tokenHash, now)
      if (!user) return undefined
      if (user.session_expires_at - now < SESSION_RENEW_BELOW_DAYS * DAY_MS) {
        sessions.extend(tokenHash, now + SESSION_DAYS * DAY_MS)
      }
      return { user, tokenHash }
    },

    logout(tokenHash: string): void {
      sessions.revoke(tokenHash, clock.now())
    },

    /** Old codes only feed the hourly limits; anything older than a day can go. */
    pruneCodes(): number {
      return otpCodes.pruneOlderThan(clock.now() - DAY_MS)
    },
  }
}
