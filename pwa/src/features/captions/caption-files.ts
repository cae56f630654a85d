/**
 * Reading a chosen captions file on the device: its bytes (sent as they are, so the server, not the
 * browser's decoder, judges whether they are UTF-8 and WebVTT) and the one check worth making before
 * anything is sent, the 1 MB limit. Read now, so a file queued offline no longer depends on the disk.
 */
import { CAPTION_LANGUAGES, type CaptionLanguage } from '../../../../contract/vocabulary.ts'
import { CAPTIONS_MAX_BYTES } from '../../data/uploads/captions-api.ts'

/**
 * The tracks a submission in this language may have (api-contract: its own language, then English):
 * a Cantonese submission's are yue and en, a Vietnamese one's vi and en.
 */
export function captionLanguagesOf(submissionLanguage: string): CaptionLanguage[] {
  const own = CAPTION_LANGUAGES.find((language) => language !== 'en' && language === submissionLanguage)
  return own ? [own, 'en'] : ['en']
}

export type ReadCaption = { ok: true; fileName: string; bytes: Blob } | { ok: false; problem: 'tooLarge' | 'unreadable' }

export async function readCaptionFile(file: File): Promise<ReadCaption> {
  if (file.size > CAPTIONS_MAX_BYTES) return { ok: false, problem: 'tooLarge' }
  try {
    return { ok: true, fileName: file.name, bytes: new Blob([await file.arrayBuffer()], { type: 'text/vtt' }) }
  } catch {
    return { ok: false, problem: 'unreadable' }
  }
}
