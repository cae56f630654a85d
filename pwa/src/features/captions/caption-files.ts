/**
 * Reading a chosen captions file on the device: its text (sent as is; the server parses and checks
 * it) and the one check worth making before anything is sent, the 1 MB limit.
 */
import { CAPTIONS_MAX_BYTES } from './captions-api.ts'

export type ReadCaption = { ok: true; fileName: string; text: string } | { ok: false; problem: 'tooLarge' | 'unreadable' }

export async function readCaptionFile(file: File): Promise<ReadCaption> {
  if (file.size > CAPTIONS_MAX_BYTES) return { ok: false, problem: 'tooLarge' }
  try {
    return { ok: true, fileName: file.name, text: await file.text() }
  } catch {
    return { ok: false, problem: 'unreadable' }
  }
}
