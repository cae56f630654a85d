/**
 * Every key in one UI language exists in the other (en ⇄ vi), and the Hong Kong Traditional Chinese
 * copies (the public pages and the learner's screens) have exactly the English keys. Plural forms differ by language
 * (English has _one and _other, Vietnamese only _other), so they are compared by their base key.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { NAMESPACES, PARTIAL_LANGUAGE_NAMESPACES, UI_LANGUAGES } from '../pwa/src/i18n/config.ts'

const root = path.dirname(fileURLToPath(import.meta.url))
const PLURAL = /_(zero|one|two|few|many|other)$/

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL, '')]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

function load(language: string, namespace: string): Set<string> {
  const file = path.join(root, language, `${namespace}.json`)
  return new Set(keysOf(JSON.parse(fs.readFileSync(file, 'utf8'))))
}

function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((key) => !b.has(key)).sort()
}

describe('translations', () => {
  it('has a file for every namespace in every UI language, and no strays', () => {
    for (const language of UI_LANGUAGES) {
      const files = fs.readdirSync(path.join(root, language)).filter((file) => file.endsWith('.json')).sort()
      expect(files).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort())
    }
  })

  for (const namespace of NAMESPACES) {
    it(`${namespace}: en and vi have the same keys`, () => {
      const en = load('en', namespace)
      const vi = load('vi', namespace)
      expect({ missingInVi: difference(en, vi), missingInEn: difference(vi, en) }).toEqual({ missingInVi: [], missingInEn: [] })
    })
  }

  for (const [language, namespaces] of Object.entries(PARTIAL_LANGUAGE_NAMESPACES)) {
    for (const namespace of namespaces) {
      it(`${namespace}: ${language} has the English keys`, () => {
        const en = load('en', namespace)
        const other = load(language, namespace)
        expect({ missing: difference(en, other), extra: difference(other, en) }).toEqual({ missing: [], extra: [] })
      })
    }
  }

  it('uses only the variables the English text uses', () => {
    const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort()
    const flatten = (value: unknown, prefix = ''): [string, string][] =>
      typeof value === 'string'
        ? [[prefix.replace(PLURAL, ''), value]]
        : Object.entries(value as object).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
    for (const namespace of NAMESPACES) {
      const english = new Map(flatten(JSON.parse(fs.readFileSync(path.join(root, 'en', `${namespace}.json`), 'utf8'))))
      for (const language of ['vi', ...Object.keys(PARTIAL_LANGUAGE_NAMESPACES)]) {
        const file = path.join(root, language, `${namespace}.json`)
        if (!fs.existsSync(file)) continue
        for (const [key, text] of flatten(JSON.parse(fs.readFileSync(file, 'utf8')))) {
          expect(variables(text), `${language}/${namespace}:${key}`).toEqual(variables(english.get(key) ?? ''))
        }
      }
    }
  })
})
