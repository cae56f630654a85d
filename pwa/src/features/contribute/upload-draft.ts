/**
 * What the upload form holds before it goes into the queue, and the queue entry made of it: trimmed
 * text, the creators' addresses parsed, empty optional fields sent as null.
 */
import type { Dialect } from '../../../../contract/schemas/captions.ts'
import type { uploadQueue } from '../../data/uploads/uploads.ts'
import type { ChosenCaptions } from '../captions/CaptionFilesField.tsx'
import { captionLanguagesOf } from '../captions/caption-files.ts'
import type { ProficiencyLevel } from './levels.ts'
import { parseCreatorEmails, type UploadField, type UploadFormValues } from './upload-rules.ts'

export interface UploadDraft extends UploadFormValues {
  language: string
  dialect: Dialect | ''
  captions: ChosenCaptions
  publishable: boolean
}

type QueuedUpload = Parameters<typeof uploadQueue.enqueue>[0]

/** An empty form; the language stays as chosen (a contributor sends several videos in one language). */
export function emptyUploadDraft(language: string): UploadDraft {
  return {
    title: '',
    description: '',
    level: '',
    language,
    creators: '',
    seriesName: '',
    episode: '',
    dialect: '',
    captions: {},
    file: null,
    releaseConfirmed: false,
    publishable: false,
  }
}

/** Which checked field a change to a draft value answers (its message goes when it changes). */
export const PROBLEM_OF: Partial<Record<keyof UploadDraft, UploadField>> = {
  title: 'title',
  level: 'level',
  creators: 'creators',
  episode: 'episode',
  file: 'file',
  releaseConfirmed: 'release',
}

/** The queue entry for a draft that passed checkUpload (so it has its file and its level). */
export function queuedUploadOf(draft: UploadDraft, file: File, level: ProficiencyLevel): QueuedUpload {
  return {
    title: draft.title.trim(),
    file,
    // Only the tracks this submission's language may have: a file chosen before the language changed stays behind.
    captions: captionLanguagesOf(draft.language).flatMap((language) => {
      const caption = draft.captions[language]
      return caption ? [{ language, ...caption }] : []
    }),
    details: {
      title: draft.title.trim(),
      description: draft.description.trim(),
      proficiency_level: level,
      language_code: draft.language,
      creator_emails: parseCreatorEmails(draft.creators).emails,
      series_name: draft.seriesName.trim() || null,
      episode_number: draft.episode.trim() ? Number(draft.episode) : null,
      release_confirmed: true,
      publishable: draft.publishable,
      dialect: draft.dialect || null,
    },
  }
}
