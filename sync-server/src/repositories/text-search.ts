/**
 * Turning what an admin typed into a search condition. Three characters or more use the FTS5
 * trigram tables (migration 0007): fast, and blind to case and accents. Shorter text cannot be
 * trigram-matched, so it falls back to LIKE, which scans but is rarely asked for.
 */
import { containsPattern } from './like-pattern.ts'

const TRIGRAM = 3

/** The text as one FTS5 phrase (quotes doubled), optionally limited to one column. */
export function ftsPhrase(text: string, column?: string): string {
  const phrase = `"${text.replace(/"/g, '""')}"`
  return column ? `${column} : ${phrase}` : phrase
}

export function usesTrigrams(text: string): boolean {
  return [...text].length >= TRIGRAM
}

export { containsPattern }
