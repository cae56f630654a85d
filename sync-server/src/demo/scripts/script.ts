/**
 * The shape of a demo script: what the voice says, line by line, with the English meaning of each
 * line where the video offers English captions (the introductory ones). Scripts are written for the
 * demo in natural Vietnamese with tone marks, or in written Cantonese in Traditional characters, stored
 * NFC (a test checks).
 */
export interface ScriptLine {
  /** What is said and shown, in the video's language (Vietnamese, Cantonese in Traditional characters). */
  said: string
  /** Its meaning, for the English captions. */
  en?: string
  /** Times the line is said in a row (default: the script's `repeat`). */
  repeat?: number
}

export interface DemoScript {
  lines: ScriptLine[]
  /** Times each line is said in a row unless the line says otherwise. */
  repeat: number
  /** When set, this line announces the whole text told once more straight through (a story heard twice). */
  retell?: ScriptLine
}
