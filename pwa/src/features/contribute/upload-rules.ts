/**
 * The upload form's checks, for a quick answer before anything is sent (the server checks the same
 * things again). Returns translation keys under `upload.errors`, by field.
 */
import { SUBMISSION_MAX_CREATORS } from '../../../../contract/vocabulary.ts'
import type { ProficiencyLevel } from './levels.ts'

// The same shape of address the server accepts: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export interface UploadFormValues {
  title: string
  description: string
  level: ProficiencyLevel | ''
  creators: string
  seriesName: string
  episode: string
  file: File | null
  releaseConfirmed: boolean
}

export type UploadField = 'title' | 'level' | 'creators' | 'episode' | 'file' | 'release'
export type UploadProblems = Partial<Record<UploadField, string>>

/** Addresses typed one per line or separated by commas, spaces or semicolons; repeats dropped. */
export function parseCreatorEmails(text: string): { emails: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  const emails = [...new Set(parts)]
  return { emails: emails.filter((email) => EMAIL.test(email)), invalid: emails.filter((email) => !EMAIL.test(email)) }
}

export function checkUpload(values: UploadFormValues): UploadProblems {
  const problems: UploadProblems = {}
  if (!values.title.trim()) problems.title = 'titleRequired'
  if (!values.level) problems.level = 'levelRequired'
  const creators = parseCreatorEmails(values.creators)
  if (creators.invalid.length > 0) problems.creators = 'creatorsInvalid'
  else if (creators.emails.length > SUBMISSION_MAX_CREATORS) problems.creators = 'creatorsTooMany'
  const episode = values.episode.trim()
  if (episode && !(/^\d+$/.test(episode) && Number(episode) >= 1)) problems.episode = 'episodeInvalid'
  if (!values.file) problems.file = 'fileRequired'
  if (!values.releaseConfirmed) problems.release = 'releaseRequired'
  return problems
}
