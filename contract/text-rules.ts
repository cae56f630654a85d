/**
 * What a display name or a comment may look like (contract, second wave): one module, so the PWA's
 * quick check and the server's rule are the same code.
 *
 * - Invisible: default-ignorable code points (zero-width characters, bidi controls, variation
 *   selectors, soft hyphen…) and the Hangul fillers, which Unicode calls letters (U+3164 passes
 *   `\p{L}`) but which draw nothing. A name may hold none; a comment needs at least one visible
 *   character (emoji sequences use zero-width joiners, so comments keep them).
 * - Stacked marks: more than 3 combining marks in a row, counted in NFD so a precomposed letter cannot
 *   hide its own. Vietnamese needs at most two on a letter ("ệ" = e + ̂ + ̣), typed precomposed or not.
 * - Staff names: a staff or brand word standing as a word anywhere in the name, read through its
 *   look-alikes (staff-names.ts), is refused to anyone but admins. "аdmin" (Cyrillic а), fullwidth
 *   "ａｄｍｉｎ", "Dễ Hiểu", "Admin Team", "Adm1n" and "adrnin" all read as ours; "Badminton" and
 *   "Lê Đệ Hiếu Anh" stay free.
 */
import { DISPLAY_NAME_MAX_CHARS, DISPLAY_NAME_MIN_CHARS } from './limits.ts'
import { countCharacters, DISPLAY_NAME_PATTERN } from './text.ts'
import { readsAsStaffName } from './staff-names.ts'
import { HANGUL_FILLERS, MAX_COMBINING_MARKS_IN_A_ROW, stacksMarks } from './visible-text.ts'

export { nameSkeleton } from './staff-names.ts'
export { hasVisibleCharacter, MAX_COMBINING_MARKS_IN_A_ROW, stripBidiControls } from './visible-text.ts'

const INVISIBLE = new RegExp(`[\\p{Default_Ignorable_Code_Point}${HANGUL_FILLERS}]`, 'u')
const VISIBLE_LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u

export type DisplayNameProblem = 'length' | 'characters' | 'invisible' | 'marks' | 'reserved'

export const DISPLAY_NAME_MESSAGES: Readonly<Record<DisplayNameProblem, string>> = {
  length: `Display name must be ${DISPLAY_NAME_MIN_CHARS} to ${DISPLAY_NAME_MAX_CHARS} characters.`,
  characters: 'Display name may only hold letters, digits, spaces, dots, underscores and hyphens.',
  invisible: 'Display name must show at least one letter or digit and hold no invisible characters.',
  marks: `Display name may not stack more than ${MAX_COMBINING_MARKS_IN_A_ROW} accent marks on a letter.`,
  reserved: 'That name is kept for the Dễ Hiểu team. Please choose another.',
}

/**
 * The first rule a display name breaks, or null. `name` is as stored: NFC and trimmed (see
 * normalizeDisplayName). Admins may give staff names (`allowStaffNames`).
 */
export function displayNameProblem(name: string, options: { allowStaffNames?: boolean } = {}): DisplayNameProblem | null {
  const length = countCharacters(name)
  if (length < DISPLAY_NAME_MIN_CHARS || length > DISPLAY_NAME_MAX_CHARS) return 'length'
  if (INVISIBLE.test(name)) return 'invisible'
  if (!DISPLAY_NAME_PATTERN.test(name)) return 'characters'
  if (!VISIBLE_LETTER_OR_DIGIT.test(name)) return 'invisible'
  if (stacksMarks(name)) return 'marks'
  if (!options.allowStaffNames && readsAsStaffName(name)) return 'reserved'
  return null
}

export function normalizeDisplayName(name: string): string {
  return name.normalize('NFC').trim()
}
