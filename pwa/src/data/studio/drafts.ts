/**
 * The studio's drafts on the device: one a submission, both tracks' cues, the ETag each track was
 * loaded at, whether the server lacks some of it. Written as the contributor works (the screen
 * debounces typing) and read live, so a reopened tab finds the draft and a second tab shows the
 * first one's changes (Dexie's live queries follow writes of other tabs too).
 */
import { db } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'
import type { StudioCue, StudioDraft, StudioTrack } from './draft-types.ts'

/** The draft of a submission: undefined while it is read, null when the device holds none. */
export function useStudioDraft(submissionId: number): StudioDraft | null | undefined {
  return useLiveData(async () => (await db.studioDrafts.get(submissionId)) ?? null, [submissionId], undefined)
}

/** Whether the device keeps a draft of this submission. */
export async function hasDraft(submissionId: number): Promise<boolean> {
  return (await db.studioDrafts.get(submissionId)) !== undefined
}

/** Keeps a first draft (what the server holds, or nothing) unless one is already kept: a draft of unsaved work is never replaced by a load. */
export async function startDraft(draft: StudioDraft): Promise<void> {
  await db.transaction('rw', db.studioDrafts, async () => {
    if (!(await db.studioDrafts.get(draft.submissionId))) await db.studioDrafts.put(draft)
  })
}

/** The contributor's cues, kept as they are typed; the draft now holds changes the server lacks. */
export async function writeCues(submissionId: number, cues: StudioCue[]): Promise<void> {
  await db.studioDrafts.update(submissionId, { cues, unsaved: true, updatedAt: Date.now() })
}

/** Replaces the cues with what the server holds ("take theirs"): nothing left to save. */
export async function replaceWithServer(submissionId: number, cues: StudioCue[], etags: Partial<Record<StudioTrack, string | null>>): Promise<void> {
  await db.transaction('rw', db.studioDrafts, async () => {
    const draft = await db.studioDrafts.get(submissionId)
    if (!draft) return
    const now = Date.now()
    await db.studioDrafts.put({ ...draft, cues, etags: { ...draft.etags, ...etags }, unsaved: false, updatedAt: now, savedAt: now })
  })
}

/** The ETags the device keeps for a submission's tracks now. */
export async function etagsOf(submissionId: number): Promise<Record<StudioTrack, string | null> | undefined> {
  return (await db.studioDrafts.get(submissionId))?.etags
}

/** A track's new ETag after a save. */
export async function keepEtag(submissionId: number, track: StudioTrack, etag: string | null): Promise<void> {
  await db.transaction('rw', db.studioDrafts, async () => {
    const draft = await db.studioDrafts.get(submissionId)
    if (draft) await db.studioDrafts.put({ ...draft, etags: { ...draft.etags, [track]: etag } })
  })
}

/** The save of the draft as it was at `updatedAt` is done: unsaved only if it changed since. */
export async function markSaved(submissionId: number, updatedAt: number): Promise<void> {
  await db.transaction('rw', db.studioDrafts, async () => {
    const draft = await db.studioDrafts.get(submissionId)
    if (draft) await db.studioDrafts.put({ ...draft, unsaved: draft.updatedAt !== updatedAt, savedAt: Date.now() })
  })
}
