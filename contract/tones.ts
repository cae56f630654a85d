/**
 * The six tones of Vietnamese, read off a syllable's tone mark (any case, NFC or NFD): ngang (no mark),
 * huyền (grave), sắc (acute), hỏi (hook above), ngã (tilde), nặng (dot below). The vowel marks (circumflex,
 * breve, horn) are no tones. Pure, no zod.
 */
export const VIETNAMESE_TONES = ['ngang', 'huyen', 'sac', 'hoi', 'nga', 'nang'] as const
export type VietnameseTone = (typeof VIETNAMESE_TONES)[number]

const MARKS: Record<string, VietnameseTone> = {
  '\u0300': 'huyen',
  '\u0301': 'sac',
  '\u0309': 'hoi',
  '\u0303': 'nga',
  '\u0323': 'nang',
}

/** A syllable's tone: the tone mark it carries, or ngang without one. */
export function toneOf(syllable: string): VietnameseTone {
  for (const char of syllable.normalize('NFD')) {
    const tone = MARKS[char]
    if (tone) return tone
  }
  return 'ngang'
}

/** Each syllable of a word (split at white space) with its tone. */
export function tonesOf(word: string): Array<{ syllable: string; tone: VietnameseTone }> {
  return word
    .normalize('NFC')
    .split(/\s+/u)
    .filter((syllable) => /\p{L}/u.test(syllable))
    .map((syllable) => ({ syllable, tone: toneOf(syllable) }))
}
