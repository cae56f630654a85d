/**
 * The studio's tracks between the draft and the server: the WebVTT files a save sends (a track with
 * no timed line is not sent: lines not yet timed stay only in the draft), the first draft made from
 * what the server holds, and "take theirs" after a conflict (the server's tracks, with the draft's
 * lines not yet timed kept after them: they were never on the server, so nothing of the server's is
 * lost by keeping them, and the contributor loses no typing).
 */
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import { fetchTrack, hasDraft, replaceWithServer, startDraft, type StudioDraft, type StudioTrack } from '../../data/studio/index.ts'
import { isTimed, type StudioCue } from './cue-ops.ts'
import { mergeTracks, readCaptionFile, toWebVtt, writableCount } from './cue-files.ts'

export function filesOf(cues: readonly StudioCue[]): Record<StudioTrack, string | null> {
  return {
    main: writableCount(cues, 'text') > 0 ? toWebVtt(cues, 'text') : null,
    en: writableCount(cues, 'english') > 0 ? toWebVtt(cues, 'english') : null,
  }
}

async function serverCues(submissionId: number, language: string, has: { main: boolean; en: boolean } = { main: true, en: true }): Promise<{ cues: StudioCue[]; etags: Record<StudioTrack, string | null> }> {
  const [main, english] = await Promise.all([has.main ? fetchTrack(submissionId, language) : null, has.en ? fetchTrack(submissionId, 'en') : null])
  const mainCues = main ? ((await readCaptionFile(main.vtt)) ?? []) : []
  const englishCues = english ? ((await readCaptionFile(english.vtt)) ?? []) : []
  return { cues: mergeTracks(mainCues, englishCues), etags: { main: main?.etag ?? null, en: english?.etag ?? null } }
}

/**
 * The draft the studio opens on when the device holds none: the server's tracks (only those the
 * submission says it has are read), or nothing yet.
 */
export async function startFromServer(submission: Submission): Promise<void> {
  if (await hasDraft(submission.id)) return
  const language = submission.language_code
  const has = { main: submission.captions.some((track) => track.language === language), en: submission.captions.some((track) => track.language === 'en') }
  const { cues, etags } = await serverCues(submission.id, language, has)
  const now = Date.now()
  await startDraft({ submissionId: submission.id, language, cues, etags, unsaved: false, updatedAt: now, savedAt: null })
}

/** "Take theirs": the server's tracks replace the draft's timed lines. */
export async function takeTheirs(draft: StudioDraft, current: readonly StudioCue[]): Promise<void> {
  const { cues, etags } = await serverCues(draft.submissionId, draft.language)
  await replaceWithServer(draft.submissionId, [...cues, ...current.filter((cue) => !isTimed(cue))], etags)
}
