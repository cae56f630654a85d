/**
 * The Vietnamese screens speak Vietnamese (issue 41 item 18): no English word left over from the
 * English text of the same key (a newcomer found "deleted" in the account page and "Vietnamese" in
 * an aria-label), and one spelling of each word: the tone mark on the main vowel ("xóa", "hủy"),
 * never both "Xoá" and "Xóa" on one screen. The allowlist holds names and loanwords Vietnamese
 * writes as English does; each entry that is a whole key says why.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.dirname(fileURLToPath(import.meta.url))
const PLURAL = /_(zero|one|two|few|many|other)$/

/** Words Vietnamese text uses as they are: product, file-format and key names (SRT, Enter), loanwords. */
const NAMES = new Set(
  ['video', 'premium', 'e-mail', 'email', 'youtube', 'jpeg', 'png', 'webp', 'mov', 'webm', 'avi', 'csv', 'json', 'webvtt', 'vtt', 'media', 'menu']
    .concat(['chrome', 'firefox', 'safari', 'edge', 'iphone', 'ipad', 'wi-fi', 'mixkit', 'example', 'com', 'anki', 'apkg', 'jyutping', 'srt', 'enter']),
)

/** Keys whose English is the point. */
const ENGLISH_ON_PURPOSE = new Map([
  ['contribute:apply.script.translation', 'the English translation of the script an applicant reads'],
  ['settings:uiLanguage.en', 'each UI language is offered in its own name'],
  ['account:delete.body', 'quotes the literal text the server writes into a deleted account’s comments'],
])

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as object).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
}

function strings(language: string): Map<string, string> {
  const all = new Map<string, string>()
  for (const file of fs.readdirSync(path.join(root, language)).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '')
    for (const [key, text] of flatten(JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8')))) all.set(`${namespace}:${key}`, text)
  }
  return all
}

/** The words a person reads: variables, markup and nested keys left out. */
function words(text: string): string[] {
  return text.replace(/{{[^}]*}}|<[^>]*>|\$t\([^)]*\)/g, ' ').match(/[\p{L}'’-]+/gu) ?? []
}

function englishFor(english: Map<string, string>, key: string): string | undefined {
  const base = key.replace(PLURAL, '')
  return english.get(key) ?? english.get(`${base}_one`) ?? english.get(`${base}_other`) ?? english.get(base)
}

describe('the Vietnamese text', () => {
  const vi = strings('vi')
  const en = strings('en')

  it('has no English word taken over from the English text of the same key', () => {
    const leftovers: string[] = []
    for (const [key, text] of vi) {
      const source = englishFor(en, key)
      if (source === undefined || ENGLISH_ON_PURPOSE.has(key.replace(PLURAL, ''))) continue
      const english = new Set(words(source).map((word) => word.toLowerCase()))
      for (const word of words(text)) {
        const lower = word.toLowerCase()
        if (/^[a-z'’-]{3,}$/.test(lower) && english.has(lower) && !NAMES.has(lower)) leftovers.push(`${key}: ${word}`)
      }
    }
    expect(leftovers).toEqual([])
  })

  it('places tone marks one way: "xóa", "hủy", never "xoá", "huỷ"', () => {
    // An open syllable ending in oa/oe/uy carries the mark on its first vowel in this app's style.
    const oldStyle = /\p{L}*(?:o[àáảãạ]|o[èéẻẽẹ]|u[ỳýỷỹỵ])(?!\p{L})/gu
    const found = [...vi].flatMap(([key, text]) => [...text.matchAll(oldStyle)].map((match) => `${key}: ${match[0]}`))
    expect(found).toEqual([])
  })
})
