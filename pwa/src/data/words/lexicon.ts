/**
 * A language's lexicon on the device (api-contract "Words"): downloaded once per version with
 * If-None-Match (its ETag is `"lexicon-<code>-<version>"`), kept in db.lexicons for offline use, and read
 * into a lookup and a segmenter (contract/segment.ts) once per version, whichever screen asks first.
 */
import { createSegmenter, wordKey, type WordToken } from '../../../../contract/segment.ts'
import type { LexiconEntry } from '../../../../contract/schemas/words.ts'
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'
import { db, type LexiconRecord } from '../db.ts'
import { useLiveData } from '../use-live-data.ts'
import { useEffect } from 'react'
import { whenIdle } from '../runtime/when-idle.ts'

/** What a screen reads of a lexicon: an entry by key, and a line's words. */
export interface LexiconView {
  readonly version: number
  lookup(key: string): LexiconEntry | undefined
  segment(text: string): WordToken[]
}

/** The ETag the server gives a language's lexicon of a version. */
export function lexiconEtag(language: string, version: number): string {
  return `"lexicon-${language}-${version}"`
}

const asked = new Map<string, Promise<void>>()

/**
 * Asks the server for a newer lexicon than the one kept (once per page load and language; again after
 * a failure): a 304 keeps the copy; no answer keeps it too.
 */
export function refreshLexicon(language: string): Promise<void> {
  const pending = asked.get(language)
  if (pending) return pending
  const run = (async () => {
    const kept = await db.lexicons.get(language)
    try {
      const answer = await call('lexicon.get', undefined, { params: { code: language }, headers: kept ? { 'If-None-Match': lexiconEtag(language, kept.version) } : undefined, timeoutMs: 60_000 })
      await db.lexicons.put({ language, version: answer.data.version, entries: answer.data.entries })
    } catch (error) {
      if (error instanceof ApiError && error.status === 304) return
      asked.delete(language)
      throw error
    }
  })()
  asked.set(language, run)
  return run
}

const views = new Map<string, LexiconView>()

/** The lookup and segmenter of a kept lexicon, built once per language and version. */
export function lexiconView(record: LexiconRecord): LexiconView {
  const id = `${record.language}@${record.version}`
  const built = views.get(id)
  if (built) return built
  const byKey = new Map<string, LexiconEntry>()
  for (const entry of record.entries) {
    const key = wordKey(entry.headword, record.language)
    if (key && !byKey.has(key)) byKey.set(key, entry)
  }
  const segmenter = createSegmenter(record.language, byKey.keys())
  const view: LexiconView = {
    version: record.version,
    lookup: (key) => byKey.get(key) ?? byKey.get(wordKey(key, record.language)),
    segment: (text) => segmenter.segment(text),
  }
  for (const old of views.keys()) if (old.startsWith(`${record.language}@`)) views.delete(old)
  views.set(id, view)
  return view
}

/** The view of the kept lexicon of a language: its version read from the index alone, the entries only when not built yet. */
async function keptView(language: string): Promise<LexiconView | undefined> {
  const keys = (await db.lexicons.where('[language+version]').between([language, 0], [language, Infinity]).keys()) as unknown as Array<[string, number]>
  const version = keys[0]?.[1]
  if (version === undefined) return undefined
  const built = views.get(`${language}@${version}`)
  if (built) return built
  const record = await db.lexicons.get(language)
  return record ? lexiconView(record) : undefined
}

/** A language's lexicon as kept on the device (asking for a newer one once), or undefined before there is one. */
export function useLexicon(language: string | undefined): LexiconView | undefined {
  // Asked at an idle moment, not in the first paint's tasks (issue 48): a new lexicon's write re-segments
  // every line on the page, and until then the lines show the kept one, or each syllable a word.
  useEffect(() => {
    if (language) void whenIdle().then(() => refreshLexicon(language).catch(() => undefined))
  }, [language])
  return useLiveData(async () => (language ? keptView(language) : undefined), [language])
}
