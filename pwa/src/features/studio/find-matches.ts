/**
 * Find and replace over the studio's cues (issue 44): the cue lists draw only the rows near the
 * viewport, so the browser's own find in page cannot see most lines; the studio's find box searches
 * the cues themselves with this.
 *
 * Matching is on what a reader sees, not on code points: the text and the query are compared in NFC,
 * so a line pasted in decomposed form (NFD, "e" + U+0302 + U+0301) matches a query typed precomposed
 * ("ế") and the other way round. Case is ignored unless asked ("a" finds "A"); diacritics always count,
 * since in Vietnamese they tell words apart ("ma", "má", "mà" are three words). A match starts and ends
 * on a letter's edge: "a" does not find the "a" inside a decomposed "á".
 *
 * Matches do not overlap: the search goes on after each match's end ("aa" is found twice in "aaaa",
 * not three times), so the count shown and the number "replace all" replaces are the same.
 */
import type { StudioCue } from '../../data/studio/index.ts'

export type FindField = 'text' | 'english'

export interface FindOptions {
  /** Which fields are searched, in this order within a cue. */
  fields: readonly FindField[]
  /** Whether "a" and "A" differ (they do not unless asked). */
  matchCase?: boolean
}

export interface FindMatch {
  cueId: string
  /** The cue's place in the list. */
  index: number
  field: FindField
  /** Where the match is in the field's own text (UTF-16 offsets into the stored string). */
  start: number
  end: number
}

/** A field's text folded for comparing, with where each folded character came from in the original. */
interface Folded {
  text: string
  /** origin[i]: the offset in the original where folded character i's letter starts; origin[text.length] is the original's length. */
  origin: number[]
  /** boundary[i]: folded offset i is the start of a letter (a base character with its marks). */
  boundary: boolean[]
}

const LETTER = /\P{M}\p{M}*|\p{M}+/gu

function fold(text: string, matchCase: boolean): Folded {
  const origin: number[] = []
  const boundary: boolean[] = []
  let folded = ''
  for (const letter of text.matchAll(LETTER)) {
    let unit = letter[0].normalize('NFC')
    if (!matchCase) unit = unit.toLocaleLowerCase('vi')
    for (let i = 0; i < unit.length; i++) {
      origin.push(letter.index)
      boundary.push(i === 0)
    }
    folded += unit
  }
  origin.push(text.length)
  boundary.push(true)
  return { text: folded, origin, boundary }
}

function foldQuery(query: string, matchCase: boolean): string {
  const normal = query.normalize('NFC')
  return matchCase ? normal : normal.toLocaleLowerCase('vi')
}

/** The matches of `query` in one text, as [start, end) offsets into it. */
export function matchesIn(text: string, query: string, matchCase = false): Array<[number, number]> {
  const needle = foldQuery(query, matchCase)
  if (needle === '' || text === '') return []
  const folded = fold(text, matchCase)
  const found: Array<[number, number]> = []
  let from = 0
  while (from <= folded.text.length - needle.length) {
    const at = folded.text.indexOf(needle, from)
    if (at < 0) break
    const end = at + needle.length
    if (folded.boundary[at] && folded.boundary[end]) {
      found.push([folded.origin[at], folded.origin[end]])
      from = end
    } else {
      from = at + 1
    }
  }
  return found
}

/** Every match of `query` in the cues, in list order (within a cue, the fields in `options.fields` order). */
export function findMatches(cues: readonly StudioCue[], query: string, options: FindOptions): FindMatch[] {
  if (query.trim() === '') return []
  const found: FindMatch[] = []
  cues.forEach((cue, index) => {
    for (const field of options.fields) {
      for (const [start, end] of matchesIn(cue[field], query, options.matchCase)) found.push({ cueId: cue.id, index, field, start, end })
    }
  })
  return found
}

/** The cues with one match replaced (the cues unchanged when the match no longer stands where it was). */
export function replaceMatch(cues: readonly StudioCue[], match: FindMatch, query: string, replacement: string, matchCase = false): StudioCue[] {
  const position = cues.findIndex((cue) => cue.id === match.cueId)
  const cue = cues[position]
  if (!cue || !matchesIn(cue[match.field], query, matchCase).some(([start, end]) => start === match.start && end === match.end)) return cues.slice()
  const text = cue[match.field]
  const next = cues.slice()
  next[position] = { ...cue, [match.field]: text.slice(0, match.start) + replacement.normalize('NFC') + text.slice(match.end) }
  return next
}

/** The cues with every match replaced, and how many were. */
export function replaceAll(cues: readonly StudioCue[], query: string, replacement: string, options: FindOptions): { cues: StudioCue[]; count: number } {
  let count = 0
  const by = replacement.normalize('NFC')
  const next = cues.map((cue) => {
    let changed: StudioCue | null = null
    for (const field of options.fields) {
      const found = matchesIn(cue[field], query, options.matchCase)
      if (found.length === 0) continue
      count += found.length
      let text = cue[field]
      // From the last match back, so the earlier offsets still hold.
      for (const [start, end] of [...found].reverse()) text = text.slice(0, start) + by + text.slice(end)
      changed = { ...(changed ?? cue), [field]: text }
    }
    return changed ?? cue
  })
  return { cues: next, count }
}
