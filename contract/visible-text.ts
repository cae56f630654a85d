/**
 * Whether free text leaves ink, and the bidi controls taken out of it: the part of the text rules
 * (text-rules.ts) that comments and caption lines need. Apart from the display-name rules because those
 * carry the `confusables` tables, which a page that only shows or queues a comment should not load
 * and build at its start.
 */

/** The Hangul fillers: Unicode calls them letters (U+3164 passes `\p{L}`), but they draw nothing. */
export const HANGUL_FILLERS = '\\u115F\\u1160\\u3164\\uFFA0'
/** Anything that leaves ink: not space, not a control or format character, not a bare mark, not a filler or the blank braille cell. */
const VISIBLE = new RegExp(`[^\\p{White_Space}\\p{C}\\p{M}\\p{Default_Ignorable_Code_Point}${HANGUL_FILLERS}\\u2800]`, 'u')

export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text)
}

/**
 * Bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) and the direction marks
 * (LRM U+200E, RLM U+200F, ALM U+061C): invisible characters that reorder how the text around them is
 * shown, so a comment or a caption line could read other than it is stored (and spill into the page
 * around it). Names refuse them; free text has them removed.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}

/**
 * More than this many combining marks in a row is refused in names, comments and caption lines:
 * Vietnamese needs at most two on a letter ("ệ" = e + ̂ + ̣), typed precomposed or not, while a run of
 * hundreds ("Zalgo" text) draws over the lines around it.
 */
export const MAX_COMBINING_MARKS_IN_A_ROW = 3
const MARK_RUN = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS_IN_A_ROW + 1},}`, 'u')

/** Counted in NFD, so a precomposed letter cannot hide its own marks. */
export function stacksMarks(text: string): boolean {
  return MARK_RUN.test(text.normalize('NFD'))
}
