/**
 * The text rules for every string a request body carries, applied once where bodies are read (the JSON
 * reader and multipart fields) so every service sees the same thing: text is Unicode that UTF-8 can
 * carry (no invalid bytes, no lone surrogates from `\ud800` escapes), has no NUL (C strings, logs and
 * some databases cut text there), and is NFC-normalised, so "Việt" typed on two keyboards is stored,
 * counted and compared as the same characters.
 */
import { ERROR_CODES } from '../../../contract/index.ts'
import { ApiError } from '../errors.ts'

/** What a decoder puts where the bytes were not UTF-8. */
const REPLACEMENT = '\ufffd'
/** In a `u` regex a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /[\ud800-\udfff]/u

export const invalidText = (where: string, what: string) =>
  new ApiError(400, ERROR_CODES.invalidText, `${where} ${what}`, { errors: [`${where} ${what}`] })

/** Why a string breaks the rules, or undefined when it keeps them. */
function problemOf(text: string): string | undefined {
  if (text.includes('\0')) return 'contains a NUL character.'
  if (LONE_SURROGATE.test(text)) return 'is not valid Unicode text.'
  return undefined
}

/**
 * A multipart field's value, checked and NFC-normalised, or the 400 to answer. busboy decodes fields
 * as UTF-8 with a replacement character for bytes that are not, so one in the value means the form
 * was not UTF-8 (a person does not type U+FFFD).
 */
export function checkedText(value: string, name: string): string | ApiError {
  const where = `The field "${name}"`
  if (value.includes(REPLACEMENT)) return invalidText(where, 'is not UTF-8 text.')
  const problem = problemOf(value)
  return problem ? invalidText(where, problem) : value.normalize('NFC')
}

/**
 * Checks and NFC-normalises every string (keys too) of a parsed JSON value in place; returns the
 * value, or the 400 to answer. Walks with a list, not recursion: JSON.parse takes nesting thousands
 * deep, which would overflow the stack here.
 */
export function checkedJson(root: unknown): unknown {
  const fix = (text: string, where: () => string): string | ApiError => {
    const problem = problemOf(text)
    return problem ? invalidText(where(), problem) : text.normalize('NFC')
  }
  if (typeof root === 'string') return fix(root, () => 'The body')
  const pending: object[] = []
  if (root !== null && typeof root === 'object') pending.push(root)
  for (let container = pending.pop(); container; container = pending.pop()) {
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const item: unknown = container[i]
        if (typeof item === 'string') {
          const text = fix(item, () => 'A text in the body')
          if (text instanceof ApiError) return text
          container[i] = text
        } else if (item !== null && typeof item === 'object') pending.push(item)
      }
      continue
    }
    const object = container as Record<string, unknown>
    for (const key of Object.keys(object)) {
      const name = fix(key, () => 'A name in the body')
      if (name instanceof ApiError) return name
      let item = object[key]
      if (typeof item === 'string') {
        const text = fix(item, () => `The text of "${name}"`)
        if (text instanceof ApiError) return text
        item = text
      } else if (item !== null && typeof item === 'object') pending.push(item)
      if (name !== key) delete object[key]
      // defineProperty, not assignment: a key such as "__proto__" can never reach a prototype setter.
      if (name !== key || item !== object[key]) {
        Object.defineProperty(object, name, { value: item, enumerable: true, writable: true, configurable: true })
      }
    }
  }
  return root
}
