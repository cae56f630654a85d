/**
 * Length rules count characters as a person does (Unicode code points after NFC), so "Việt" is 4 and
 * an emoji is 1, on both halves alike.
 */
export function countCharacters(text: string): number {
  let count = 0
  for (const _ of text.normalize('NFC')) count++
  return count
}

/** Letters (any script, with their marks), digits, space, dot, underscore, hyphen. */
export const DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\p{Nd} ._-]+$/u

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
