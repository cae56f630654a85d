/**
 * Sign-in by e-mail code.
 * - A code lives OTP_TTL_MINUTES and is stored as an HMAC. Codes belong to the address and the IP that
 *   asked for them: a new code voids only the earlier ones from the same IP, and a try is made against
 *   the newest code of the trying IP (or, when that IP asked for none, the address's newest code).
 * - Wrong tries kill only the code they were made against: after OTP_MAX_WRONG_TRIES from its own IP
 *   the code is dead (even the right code answers 429). Tries from another network are counted apart,
 *   per network (otp_code_network_tries), so a stranger's guesses never void the owner's code nor spend
 *   the tries of her other network; all other networks together stop at
 *   OTP_OTHER_NETWORKS_MAX_WRONG_TRIES, except a network she has signed in from before.
 * - Sending is limited per address and IP pair, per IP, and with a higher ceiling per address across
 *   IPs, over a sliding hour, counted from the stored codes so the limits survive a restart. The pair
 *   limit is what a stranger hits; it leaves the owner free to ask from her own network. The ceiling
 *   per address spares a network the owner has signed in from before (sessions.sign_in_network), so
 *   a stranger with many networks cannot lock her out of the ones she uses.
 * - "IP" is the client's network (web/client-network.ts): an IPv4 address or an IPv6 /64.
 * - Tokens are 32 random bytes, stored as SHA-256, valid SESSION_DAYS and extended while in use.
 * The queries are async (issue 16), and several API processes may share the database (issue 17), so
 * requests interleave: the limits are checked and the code stored in one transaction that every
 * process takes one at a time (`issuingOneAtATime`), and both wrong-try limits are enforced by the
 * UPDATEs themselves (a try counts and a code is used only while it has tries left), not by the row
 * read first. Nothing of this is kept in process memory.
 */
import { ERROR_CODES, OTP_MAX_WRONG_TRIES, OTP_OTHER_NETWORKS_MAX_WRONG_TRIES, OTP_TTL_MINUTES } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, rateLimited } from '../errors.ts'
import { andThen, type MaybePromise } from '../maybe-promise.ts'
import type { Mailer } from '../mail/mailer.ts'
import { signInCodeMail } from '../mail/sign-in-code.mail.ts'
import type { OtpCodeQueries, OtpCodesRepository } from '../repositories/otp-codes.repository.ts'
import type { SessionsRepository, SessionUserDayRow } from '../repositories/sessions.repository.ts'
import type { UserRow, UsersRepository } from '../repositories/users.repository.ts'
import { hashNetwork, hashOtpCode, newOtpCode, otpHashesMatch } from '../security/otp.ts'
import { hashToken, newToken } from '../security/tokens.ts'
import { isValidTimeZone, localToday } from '../rules/time-zones.ts'
import type { SecondsOnDay } from './users.service.ts'

/** A signed-in request's user and session, and the seconds watched today when asked for. */
export interface Authenticated {
  user: UserRow
  tokenHash: string
  watchedToday?: SecondsOnDay
}

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
const OTP_TTL_MS = OTP_TTL_MINUTES * 60_000
const SESSION_DAYS = 90
/** A session is pushed forward only when less than this is left, so most requests write nothing. */
const SESSION_RENEW_BELOW_DAYS = 60
/**
 * "Last seen" in the devices list is written only when the stored value is older than this: the value
 * comes with the session lookup every request already makes, so a fresh one costs no query at all.
 */
export const LAST_SEEN_EVERY_MS = 5 * 60_000
/** User-Agent strings are kept to this length: enough to name a device, bounded against abuse. */
const USER_AGENT_MAX = 512

export interface AuthServiceDeps {
  users: UsersRepository
  sessions: SessionsRepository
  otpCodes: OtpCodesRepository
  mailer: Mailer
  clock: Clock
  secret: string
  adminEmails: ReadonlySet<string>
  /** One address from one IP: what a stranger hammering an address hits. */
  sendsPerAddressIpPerHour: number
  /** One address across every IP: a ceiling, higher than the pair limit. */
  sendsPerAddressPerHour: number
  sendsPerIpPerHour: number
  onCodeIssued?: (email: string, code: string) => void
  /** An accepted contributor application for this address: its account is a contributor from the start. */
  isAcceptedContributor?: (email: string) => boolean | Promise<boolean>
}

export type AuthService = ReturnType<typeof createAuthService>

export function createAuthService(deps: AuthServiceDeps) {
  const { users, sessions, otpCodes, clock } = deps

  /** Whether the account of this address has signed in from this network before. */
  const knownNetwork = (email: string, ip: string) => sessions.signedInFrom(email, hashNetwork(deps.secret, ip))

  /** `known`: the owner has signed in from this network before: the per-address ceiling spares it. */
  async function checkSendLimits(otpCodes: OtpCodeQueries, email: string, ip: string, now: number, known: boolean) {
    const since = now - HOUR_MS
    const limits = [
      {
        sent: () => otpCodes.sentToPairSince(email, ip, since),
        max: deps.sendsPerAddressIpPerHour,
        message: 'Too many codes were sent to this address. Please wait before asking for another.',
      },
      {
        sent: () => otpCodes.sentFromIpSince(ip, since),
        max: deps.sendsPerIpPerHour,
        message: 'Too many codes were requested from your network. Please wait before asking for another.',
      },
      ...(known
        ? []
        : [
            {
              sent: () => otpCodes.sentToAddressSince(email, since),
              max: deps.sendsPerAddressPerHour,
              message: 'Too many codes were sent to this address. Please wait before asking for another.',
            },
          ]),
    ]
    for (const limit of limits) {
      const { count, oldest } = await limit.sent()
      if (count >= limit.max) throw rateLimited((oldest! + HOUR_MS - now) / 1000, limit.message)
    }
  }

  return {
    async requestCode(email: string, ip: string): Promise<void> {
      const code = newOtpCode()
      const known = await knownNetwork(email, ip)
      // Sending checks the counts and then stores a code: one request at a time across every process,
      // so requests arriving together cannot all pass the same count.
      const id = await otpCodes.issuingOneAtATime(async (codes) => {
        const now = clock.now()
        await checkSendLimits(codes, email, ip, now, known)
        return codes.replace(email, hashOtpCode(deps.secret, email, code), ip, now, now + OTP_TTL_MS)
      })
      try {
        await deps.mailer.send(signInCodeMail(email, code))
      } catch (error) {
        // An unsent code must not count against the person's limit, nor stay usable.
        await otpCodes.remove(id)
        throw new ApiError(503, ERROR_CODES.mailUnavailable, 'We could not send the code right now. Please try again.', {
          cause: error,
        })
      }
      deps.onCodeIssued?.(email, code)
    },

    async verifyCode(email: string, otp: string, ip: string, userAgent?: string): Promise<{ token: string; user: UserRow; isNewUser: boolean }> {
      // Asked first, so nothing awaits between checking the code and creating the session.
      const acceptedContributor = (await deps.isAcceptedContributor?.(email)) ?? false
      const now = clock.now()
      const own = await otpCodes.newestUnusedOfPair(email, ip)
      const code = own ?? (await otpCodes.newestUnused(email))
      const foreign = !own
      const invalid = (message: string, reason: string) =>
        new ApiError(401, ERROR_CODES.invalidCode, message, { extra: { reason } })
      if (!code) {
        throw invalid('That code is not valid. Check the e-mail or ask for a new code.', 'wrong')
      }
      const tooMany = () => rateLimited(1, 'Too many wrong codes. Please ask for a new code.', ERROR_CODES.tooManyAttempts)
      // From another network: that network's own tries, and (unless the owner has signed in from it
      // before) the ceiling over all other networks together.
      const otherNetworksMax = foreign && !(await knownNetwork(email, ip)) ? OTP_OTHER_NETWORKS_MAX_WRONG_TRIES : undefined
      if (code.wrong_tries >= OTP_MAX_WRONG_TRIES) throw tooMany()
      if (foreign) {
        if ((await otpCodes.networkWrongTries(code.id, ip)) >= OTP_MAX_WRONG_TRIES) throw tooMany()
        if (otherNetworksMax !== undefined && code.foreign_wrong_tries >= otherNetworksMax) throw tooMany()
      }
      if (code.expires_at <= now) {
        throw invalid('That code has expired. Please ask for a new code.', 'expired')
      }
      if (!otpHashesMatch(code.code_hash, hashOtpCode(deps.secret, email, otp))) {
        // Each of the first OTP_MAX_WRONG_TRIES wrong tries is answered as wrong; the check above
        // refuses every try after them, the right code included. A try from another network is
        // charged to that network, never to the code, which the owner may still be typing.
        // Tries made together were all read before any was counted: the count each one makes decides.
        if (foreign) {
          const counted = await otpCodes.recordForeignWrongTry(code.id, ip)
          if (counted.network > OTP_MAX_WRONG_TRIES || (otherNetworksMax !== undefined && counted.total > otherNetworksMax)) throw tooMany()
        } else if ((await otpCodes.recordWrongTry(code.id)) > OTP_MAX_WRONG_TRIES) throw tooMany()
        throw invalid('That code is not right. Check the e-mail and try again.', 'wrong')
      }
      // Used only while unused and with tries left: a right code among many tries made together wins
      // only if fewer than the limit of wrong ones were counted before it.
      const used = await otpCodes.consume(code.id, now, OTP_MAX_WRONG_TRIES, foreign ? { network: ip, otherNetworksMax } : undefined)
      if (used === 'too_many_tries') throw tooMany()
      if (used === 'already_used') throw invalid('That code was already used. Please ask for a new code.', 'used')
      // Signed in: codes other networks asked for have done their job.
      await otpCodes.retireAll(email, now)
      const nowIso = new Date(now).toISOString()
      const isAdmin = deps.adminEmails.has(email)
      const existing = await users.findByEmail(email)
      // Two first sign-ins at once (codes from two networks): one creates the account, the other finds it.
      const created = existing ? undefined : await users.createOnce(email, isAdmin, nowIso)
      let user = created ?? (await users.recordSignIn((existing ?? (await users.findByEmail(email)))!.id, isAdmin, nowIso))
      if (created && acceptedContributor) user = await users.setContributor(user.id)
      const token = newToken()
      await sessions.create(hashToken(token), user.id, now, now + SESSION_DAYS * DAY_MS, userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null, hashNetwork(deps.secret, ip))
      return { token, user, isNewUser: created !== undefined }
    },

    /**
     * The user behind a bearer token, or undefined for a missing, unknown, expired or revoked one.
     * `todayIn`: a time zone (the request's X-Time-Zone) whose today's watch seconds are read in the
     * same query (`watchedToday`), for GET /me/daily_progress; an invalid zone is ignored.
     * Synchronous when the session read is (SQLite) and the session needs no renewal: see maybe-promise.ts.
     */
    authenticate(token: string, todayIn?: string): MaybePromise<Authenticated | undefined> {
      const now = clock.now()
      const tokenHash = hashToken(token)
      const day = todayIn !== undefined && isValidTimeZone(todayIn) ? localToday(now, todayIn) : undefined
      const found = day === undefined ? sessions.findActive(tokenHash, now) : sessions.findActiveWithDay(tokenHash, now, day)
      return andThen(found, (user) => {
        if (!user) return undefined
        const answer: Authenticated =
          day === undefined ? { user, tokenHash } : { user, tokenHash, watchedToday: { day, seconds: (user as SessionUserDayRow).day_watch_seconds } }
        const renew = user.session_expires_at - now < SESSION_RENEW_BELOW_DAYS * DAY_MS
        const stale = user.session_last_seen_at === null || now - user.session_last_seen_at >= LAST_SEEN_EVERY_MS
        // Most calls need neither write, and then answer without a promise hop (maybe-promise.ts).
        if (!renew && !stale) return answer
        return (async () => {
          if (renew) await sessions.extend(tokenHash, now + SESSION_DAYS * DAY_MS)
          if (stale) await sessions.markSeen(tokenHash, now)
          return answer
        })()
      })
    },

    async logout(tokenHash: string): Promise<void> {
      await sessions.revoke(tokenHash, clock.now())
    },

    /** Old codes only feed the hourly limits; anything older than a day can go. */
    pruneCodes(): Promise<number> {
      return otpCodes.pruneOlderThan(clock.now() - DAY_MS)
    },
  }
}
