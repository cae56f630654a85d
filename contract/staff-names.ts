/**
 * Names that read as the Dễ Hiểu team's (text-rules.ts refuses them to anyone but admins).
 *
 * A name is cut into words (at spaces, dots, underscores, hyphens and a lower-to-upper case change:
 * "DeHieu" is two), and each word read as its skeleton: NFKC, case folded, the maintained `confusables`
 * mapping ("аdmin" with a Cyrillic а), marks dropped, then the look-alikes that mapping leaves: "rn"
 * for "m", "cl" for "d", "l" for "i", and digits for the letters they stand for ("Adm1n", "m0derator").
 * The name is refused when a run of its words, joined, is a staff word, alone or together with words
 * that only add to it ("Admin Team", "Dehieu Support", "Official Dễ Hiểu", "adminteam"), or one with
 * digits beside it ("Admin2"). Only whole words count, so "Badminton" stays free. "đ" is a letter of
 * its own in Vietnamese, not a d: "Lê Đệ Hiếu Anh" is a person's name, not ours.
 */
import { remove as mapConfusables } from 'confusables'

/** Names only admins may give: their skeletons (see nameSkeleton). */
const STAFF_NAME_SKELETONS = ['admin', 'administrator', 'moderator', 'support', 'staff', 'dehieu'] as const
/** Words that make a staff word beside them read as a role ("Admin Team"), never refused alone. */
const QUALIFIERS = ['team', 'official', 'officials', 'help', 'helpdesk', 'desk', 'service', 'services', 'crew', 'hq', 'bot', 'care', 'center', 'centre', 'the', 'real', 'mod', 'mods', 'vn', 'app']

/** Letters left alike after `confusables`, in the order they are replaced. */
const LOOK_ALIKES: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/cl/g, 'd'],
  [/vv/g, 'w'],
  [/l/g, 'i'],
]
// The lists as the words are compared: through the same look-alikes ("help" reads "heip").
const STAFF = `(?:${STAFF_NAME_SKELETONS.map(lookAlike).join('|')})s?`
const QUALIFIER = `(?:${QUALIFIERS.map(lookAlike).join('|')})`
/** Staff words and qualifiers only, at least one staff word. */
const STAFF_RUN = new RegExp(`^${QUALIFIER}*${STAFF}(?:${STAFF}|${QUALIFIER})*$`)
const DIGIT_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g' }

/** How a name reads, for comparing: "Ꭰễ  Hiểu", "DE-HIEU" and "ｄｅｈｉｅｕ" all give "dehieu". */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase()
  // Kept apart from the mapping, which reads "đ" as "d".
  return folded
    .split('đ')
    .map((part) => mapConfusables(part))
    .join('đ')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}]/gu, '')
}

function words(name: string): string[] {
  return name
    .normalize('NFKC')
    .split(/[^\p{L}\p{M}\p{Nd}]+|(?<=\p{Ll}\p{M}*)(?=\p{Lu})/u)
    .map(nameSkeleton)
    .filter((word) => word !== '')
}

function lookAlike(word: string): string {
  return LOOK_ALIKES.reduce((text, [pattern, letter]) => text.replace(pattern, letter), word)
}

/** Whether some run of these words, joined, is staff words and qualifiers only. */
function hasStaffRun(units: string[]): boolean {
  for (let from = 0; from < units.length; from++) {
    let joined = ''
    for (let to = from; to < units.length; to++) {
      joined += units[to]
      if (STAFF_RUN.test(joined)) return true
    }
  }
  return false
}

export function readsAsStaffName(name: string): boolean {
  const skeletons = words(name).map(lookAlike)
  // Digits read two ways: as the letters they look like ("Adm1n"), or as apart from the word ("Admin2").
  const asLetters = skeletons.map((word) => word.replace(/\d/g, (digit) => DIGIT_LETTERS[digit]))
  const apart = skeletons.flatMap((word) => word.split(/\d+/)).filter((word) => word !== '')
  return hasStaffRun(asLetters) || hasStaffRun(apart)
}
