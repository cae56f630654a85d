/**
 * "Delete my account", confirmed by a code mailed for that purpose only (a stolen unlocked phone alone
 * cannot do it).
 * - Deletion codes live apart from sign-in codes (their own table, and an HMAC over the purpose and the
 *   account, not the address): a sign-in code never deletes, a deletion code never signs in.
 * - Like sign-in codes: OTP_TTL_MINUTES, dead after OTP_MAX_WRONG_TRIES wrong tries (then 429), at most
 *   ACCOUNT_DELETION_CODES_PER_HOUR sent an hour, counted from the stored codes so a restart keeps it.
 * - Deleting: the subscription ends at its provider first (a provider that cannot be reached stops the
 *   deletion, so no one is charged for an account that is gone), then one transaction uses the code and
 *   erases (account-deletion.repository.ts); the files of what was erased are removed after it commits.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import path from 'node:path'
import type { Logger } from 'pino'
import { ACCOUNT_DELETION_CODES_PER_HOUR, ERROR_CODES, OTP_MAX_WRONG_TRIES, OTP_TTL_MINUTES } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import { ApiError, rateLimited } from '../errors.ts'
import { accountDeletionCodeMail } from '../mail/account-deletion-code.mail.ts'
import type { Mailer } from '../mail/mailer.ts'
import { applicationObjectKey, mediaObjectKey } from '../storage/media-store.ts'
import type { Stores } from '../storage/stores.ts'
import { createAccountDeletionCodesRepository, type AccountDeletionCodesRepository } from '../repositories/account-deletion-codes.repository.ts'
import type { AccountDeletionRepository, ErasedFiles } from '../repositories/account-deletion.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { hashOtpCode, newOtpCode, otpHashesMatch } from '../security/otp.ts'
import type { BillingService } from './billing.service.ts'

const HOUR_MS = 3_600_000
const OTP_TTL_MS = OTP_TTL_MINUTES * 60_000

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>

export function createAccountDeletionService(deps: {
  codes: AccountDeletionCodesRepository
  deletion: AccountDeletionRepository
  billing: BillingService
  /** Takes the learner's ratings out of every video's difficulty inside the deletion's transaction. */
  ratings: { forgetLearner(trx: Kysely<Database>, userId: number): Promise<void> }
  mailer: Mailer
  clock: Clock
  secret: string
  storage: Stores
  logger: Logger
}) {
  const { codes, clock } = deps
  // The purpose and the account are in the HMAC, so no other code can match a deletion code's hash.
  const hashOf = (userId: number, code: string) => hashOtpCode(deps.secret, `account-deletion\n${userId}`, code)
  // 403, not 401: the caller is signed in, and every client reads a 401 as "your session ended".
  const invalid = (message: string, reason: string) => new ApiError(403, ERROR_CODES.invalidCode, message, { extra: { reason } })
  const tooMany = () => rateLimited(1, 'Too many wrong codes. Please ask for a new code.', ERROR_CODES.tooManyAttempts)

  // Checking the count and storing the code, one request at a time in this process (as sign-in does).
  let sending: Promise<unknown> = Promise.resolve()
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = sending.then(work)
    sending = result.catch(() => {})
    return result
  }

  /** Uploads (an unfinished multipart upload aborted), ladders and pictures, application videos, saved lines' clips: on disk or in the bucket. */
  async function removeFiles(files: ErasedFiles) {
    const removals: [string, () => Promise<unknown>][] = [
      ...files.uploadIds.map((id): [string, () => Promise<unknown>] => [`upload ${id}`, () => deps.storage.uploads.remove(id)]),
      ...files.mediaKeys.map((key): [string, () => Promise<unknown>] => [`media ${key}`, () => deps.storage.media.removePrefix(mediaObjectKey(key))]),
      ...files.applicationFiles.map((file): [string, () => Promise<unknown>] => [
        `application ${file}`,
        () => deps.storage.media.remove(applicationObjectKey(path.basename(file))),
      ]),
      ...files.clipKeys.map((key): [string, () => Promise<unknown>] => [`clip ${key}`, () => deps.storage.media.remove(key)]),
    ]
    for (const [file, remove] of removals) {
      try {
        await remove()
      } catch (error) {
        deps.logger.warn({ err: error, file }, 'a deleted account’s file could not be removed')
      }
    }
  }

  return {
    async requestCode(user: UserRow): Promise<void> {
      const code = newOtpCode()
      const id = await oneAtATime(async () => {
        const now = clock.now()
        const { count, oldest } = await codes.sentSince(user.id, now - HOUR_MS)
        if (count >= ACCOUNT_DELETION_CODES_PER_HOUR) {
          throw rateLimited((oldest! + HOUR_MS - now) / 1000, 'Too many codes were sent. Please wait before asking for another.')
        }
        return codes.replace(user.id, hashOf(user.id, code), now, now + OTP_TTL_MS)
      })
      try {
        await deps.mailer.send(accountDeletionCodeMail(user.email, code))
      } catch (error) {
        await codes.remove(id)
        throw new ApiError(503, ERROR_CODES.mailUnavailable, 'We could not send the code right now. Please try again.', { cause: error })
      }
    },

    async deleteAccount(user: UserRow, otp: string): Promise<void> {
      const now = clock.now()
      const code = await codes.newestUnused(user.id)
      if (!code) throw invalid('That code is not valid. Ask for a new code to delete your account.', 'wrong')
      if (code.wrong_tries >= OTP_MAX_WRONG_TRIES) throw tooMany()
      if (code.expires_at <= now) throw invalid('That code has expired. Please ask for a new code.', 'expired')
      if (!otpHashesMatch(code.code_hash, hashOf(user.id, otp))) {
        if ((await codes.recordWrongTry(code.id)) > OTP_MAX_WRONG_TRIES) throw tooMany()
        throw invalid('That code is not right. Check the e-mail and try again.', 'wrong')
      }
      await deps.billing.endAtOnce(user.id)
      const erased = await deps.deletion.erase(user, new Date(now).toISOString(), async (trx) => {
        if (!(await createAccountDeletionCodesRepository(trx).consume(code.id, now, OTP_MAX_WRONG_TRIES))) return false
        // The scores drop the person's share too, so nothing of their answers is left in any video.
        await deps.ratings.forgetLearner(trx, user.id)
        return true
      })
      if (!erased) throw invalid('That code was already used. Please ask for a new code.', 'used')
      await removeFiles(erased)
    },
  }
}
