/**
 * What the contributor application form holds, its quick checks by field (keys under `apply.errors`),
 * and the multipart body of POST /contributor_applications.
 */
import { checkApplicationVideo, type ApplicationMessage, type ENGLISH_ABILITY_OPTIONS } from './application-rules.ts'

type EnglishAbility = (typeof ENGLISH_ABILITY_OPTIONS)[number]
export type ApplicationField = 'name' | 'email' | 'english' | 'video'
export type ApplicationProblems = Partial<Record<ApplicationField, 'nameRequired' | 'emailInvalid' | 'englishRequired' | ApplicationMessage>>

export interface ApplicationDraft {
  name: string
  email: string
  location: string
  english: EnglishAbility | ''
  notes: string
  video: File | null
}

export const EMPTY_APPLICATION: ApplicationDraft = { name: '', email: '', location: '', english: '', notes: '', video: null }

// The same shape of address the server accepts: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export function checkApplication(draft: ApplicationDraft): ApplicationProblems {
  const found: ApplicationProblems = {}
  if (!draft.name.trim()) found.name = 'nameRequired'
  if (!EMAIL.test(draft.email.trim())) found.email = 'emailInvalid'
  if (!draft.english) found.english = 'englishRequired'
  const videoProblem = checkApplicationVideo(draft.video)
  if (videoProblem) found.video = videoProblem
  return found
}

/** The body for a draft that passed checkApplication (so it has its video and its English answer). */
export function applicationFormData(draft: ApplicationDraft, video: File, english: EnglishAbility, uiLanguage: string): FormData {
  const form = new FormData()
  form.set('name', draft.name.trim())
  form.set('email', draft.email.trim())
  form.set('location', draft.location.trim())
  form.set('english_ability', english)
  form.set('notes', draft.notes.trim())
  // The replies are e-mailed in the language the form was read in.
  form.set('ui_language', uiLanguage)
  form.set('video', video)
  return form
}
