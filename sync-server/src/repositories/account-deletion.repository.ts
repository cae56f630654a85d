/**
 * Deleting an account, in one transaction: the person's rows erased (PERSONAL_TABLES marked 'erase'),
 * what stays for others' sake emptied of them, the account row kept as an empty shell. docs/privacy.md
 * says what goes and what stays, and why.
 */
import type { Kysely } from 'kysely'
import { personTransaction, type Locking } from '../db/dialect/locking.ts'
import type { Database } from '../db/schema.ts'
import { PERSONAL_TABLES } from '../db/personal-data.ts'

/**
 * What a deleted person's comments hold from then on: nothing of theirs. They keep their place in
 * threads, answered with `deleted: true` (the reader's client says so in the reader's language).
 */
export const DELETED_COMMENT_TEXT = ''

/** The e-mail column of a deleted account: not an address (no "@"), so no sign-in can ever reach it. */
export const deletedAccountEmail = (userId: number) => `deleted:${userId}`

/** Files of the erased rows, to remove once the transaction has committed. */
export interface ErasedFiles {
  uploadIds: string[]
  mediaKeys: string[]
  applicationFiles: string[]
  /** Saved lines' clips no other learner's card plays. */
  clipKeys: string[]
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>

export function createAccountDeletionRepository(db: Kysely<Database>, locking: Locking) {
  return {
    /**
     * Erases the account. The person's lock comes first (db/dialect/locking.ts): a write of theirs
     * still running finishes before (and is erased), one that comes after finds the account deleted
     * and writes nothing. `confirm` runs next inside the same transaction (it uses the deletion code)
     * and answers false to stop with nothing changed.
     */
    erase(
      user: { id: number; email: string },
      nowIso: string,
      confirm: (trx: Kysely<Database>) => Promise<boolean>,
    ): Promise<ErasedFiles | undefined> {
      return personTransaction(db, locking, user.id, async (trx) => {
        if (!(await confirm(trx))) return undefined
        // Submissions never published go with their files; published ones stay (their video plays on).
        const drafts = await trx
          .selectFrom('submissions')
          .select(['id', 'upload_id', 'media_key'])
          .where('user_id', '=', user.id)
          .where('published_video_id', 'is', null)
          .execute()
        const applications = await trx.selectFrom('contributor_applications').select('video_file').where('email', '=', user.email).execute()
        const clips = (await trx.selectFrom('cards').select('clip_path').distinct().where('user_id', '=', user.id).where('clip_path', 'is not', null).execute()).flatMap((row) => (row.clip_path ? [row.clip_path] : []))

        // The tables are chosen from PERSONAL_TABLES at run time, so the builder cannot type their columns.
         
        const anyTrx = trx as unknown as Kysely<any>
        for (const spec of PERSONAL_TABLES) {
          if (spec.onDelete !== 'erase') continue
          await anyTrx
            .deleteFrom(spec.table)
            .where(spec.owner, '=', spec.owner === 'user_id' ? user.id : user.email)
            .execute()
        }

        await trx.updateTable('comments').set({ text: DELETED_COMMENT_TEXT }).where('user_id', '=', user.id).execute()
        if (drafts.length > 0) await trx.deleteFrom('submissions').where('id', 'in', drafts.map((draft) => draft.id)).execute()
        // Credited to nobody: the person's address leaves every submission's credits (a video credits
        // people by address, and the address may come back as someone new).
        await trx.deleteFrom('submission_creators').where('email', '=', user.email).execute()
        // Feedback stays, its sender now this empty account (no address, no name).
        await trx
          .updateTable('users')
          .set({
            email: deletedAccountEmail(user.id),
            display_name: null,
            display_name_changed_at: null,
            daily_goal_minutes: 15,
            is_premium: 0,
            is_admin: 0,
            is_contributor: 0,
            time_zone: 'UTC',
            last_sign_in_at: null,
            deleted_at: nowIso,
          })
          .where('id', '=', user.id)
          .execute()
        return {
          uploadIds: drafts.flatMap((draft) => (draft.upload_id ? [draft.upload_id] : [])),
          mediaKeys: drafts.flatMap((draft) => (draft.media_key ? [draft.media_key] : [])),
          applicationFiles: applications.map((application) => application.video_file),
          clipKeys: await clipsNoOnePlays(trx, clips),
        }
      })
    },
  }
}

/** Of these clips (the learner's cards now erased), those no other card plays: a clip is shared by everyone who saved its line. */
async function clipsNoOnePlays(trx: Kysely<Database>, clips: string[]): Promise<string[]> {
  const kept = new Set<string>()
  for (let i = 0; i < clips.length; i += 500) {
    const rows = await trx.selectFrom('cards').select('clip_path').distinct().where('clip_path', 'in', clips.slice(i, i + 500)).execute()
    for (const row of rows) if (row.clip_path) kept.add(row.clip_path)
  }
  return clips.filter((clip) => !kept.has(clip))
}
