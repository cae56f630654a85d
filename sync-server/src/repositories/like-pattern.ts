/** A `LIKE ... ESCAPE '\'` pattern that finds the text anywhere, with `%` and `_` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
