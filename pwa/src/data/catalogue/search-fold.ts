/**
 * The videos list's search is blind to case and accents, as the server's is (sync-server's
 * `db/dialect/text-search.ts`: PostgreSQL's lower(unaccent()), SQLite's FTS5 with remove_diacritics),
 * so a learner without a Vietnamese keyboard finds "Phở" by typing "pho" and "được" by "duoc", online
 * or offline. Folding: decompose (NFD, so composed and decomposed tone marks read alike), lower case,
 * drop the combining marks, and read đ as d (a letter of its own, which NFD does not decompose).
 */

const COMBINING_MARKS = /\p{M}/gu
const D_WITH_STROKE = /đ/g

/** The text as the search compares it: "Đi CHỢ" and "di cho" fold alike. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').toLowerCase().replace(COMBINING_MARKS, '').replace(D_WITH_STROKE, 'd')
}

/** Whether `text` holds `query` anywhere, case and accents aside. An empty query is in every text. */
export function containsFolded(text: string, query: string): boolean {
  return foldForSearch(text).includes(foldForSearch(query))
}

/**
 * Where `query` first appears in `text` (as NFC, the form the list shows), case and accents aside:
 * the [start, end) of those characters in `text.normalize('NFC')`, or null. Each character is folded
 * on its own, so the folded index of every character of the line is known.
 */
export function findFolded(text: string, query: string): [number, number] | null {
  const wanted = foldForSearch(query)
  if (!wanted) return null
  const line = text.normalize('NFC')
  let folded = ''
  const startOf: number[] = [] // the line's index of each folded code unit
  let at = 0
  for (const character of line) {
    const part = foldForSearch(character)
    for (let i = 0; i < part.length; i++) startOf.push(at)
    folded += part
    at += character.length
  }
  const found = folded.indexOf(wanted)
  if (found < 0) return null
  const last = found + wanted.length - 1
  const lastStart = startOf[last]
  // The end is past the whole character the last folded unit came from.
  const end = lastStart + String.fromCodePoint(line.codePointAt(lastStart)!).length
  return [startOf[found], end]
}
