/**
 * Each language's lexicon (issue 42): what a word means, and the headwords segmentation matches.
 *
 * - Entries are keyed by contract/segment.ts's `wordKey` of their headword; adding an entry whose key
 *   exists gives the existing one the glosses it lacks (a submission's glossary, the demo's), so a
 *   meaning is never lost to a later contributor. Every change raises the language's version in the
 *   same transaction, and enqueues the re-segmenting of its tracks when the set of headwords changed
 *   (a job, never per request: services/track-words.service.ts).
 * - GET /languages/CODE/lexicon answers every entry with `ETag: "lexicon-<code>-<version>"` and 304 to
 *   `If-None-Match`; the JSON and its Brotli and gzip copies are made once per version and kept, so a
 *   phone's download (20,000 entries) costs the server one lookup after the first.
 * - The segmenter of a language is built once per version from its keys and kept likewise.
 */
import zlib from 'node:zlib'
import type { Kysely } from 'kysely'
import { createSegmenter, wordKey, type GlossaryEntry, type Lexicon, type Segmenter } from '../../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import { createLexiconRepository, type LexiconEntryRow, type NewLexiconEntry } from '../repositories/lexicon.repository.ts'

export interface LexiconAnswer {
  version: number
  etag: string
  json: Buffer
  br: Buffer
  gzip: Buffer
}

/** Glosses as stored: a JSON array of strings (an unreadable one reads as none). */
export function glossesOf(row: Pick<LexiconEntryRow, 'glosses'>): string[] {
  try {
    const glosses: unknown = JSON.parse(row.glosses)
    return Array.isArray(glosses) ? glosses.filter((gloss): gloss is string => typeof gloss === 'string') : []
  } catch {
    return []
  }
}

/** The entries with their keys, two of one key made one (glosses merged in order, first reading and note kept). */
export function entriesByKey(language: string, entries: readonly GlossaryEntry[]): Map<string, NewLexiconEntry & { glossList: string[] }> {
  const byKey = new Map<string, NewLexiconEntry & { glossList: string[] }>()
  for (const entry of entries) {
    const key = wordKey(entry.headword, language)
    if (!key) continue
    const kept = byKey.get(key)
    const glossList = [...new Set([...(kept?.glossList ?? []), ...entry.glosses.map((gloss) => gloss.normalize('NFC'))])]
    byKey.set(key, {
      key,
      headword: kept?.headword ?? entry.headword.normalize('NFC').trim().replace(/\s+/gu, ' '),
      glossList,
      glosses: JSON.stringify(glossList),
      reading: kept?.reading ?? entry.reading?.normalize('NFC') ?? null,
      note: kept?.note ?? entry.note?.normalize('NFC') ?? null,
    })
  }
  return byKey
}

export type LexiconService = ReturnType<typeof createLexiconService>

export function createLexiconService(deps: { db: Kysely<Database>; jobs: AppJobQueue; clock: { now(): number } }) {
  const answers = new Map<string, LexiconAnswer>()
  const segmenters = new Map<string, { version: number; segmenter: Segmenter }>()
  const corrections = new Map<string, { version: number; readings: ReadonlyMap<string, string> }>()
  const repository = createLexiconRepository(deps.db)

  async function answerFor(language: string, version: number): Promise<LexiconAnswer> {
    const kept = answers.get(language)
    if (kept?.version === version) return kept
    const rows = await repository.entries(language)
    const data: Lexicon = {
      version,
      entries: rows.map((row) => ({
        headword: row.headword,
        glosses: glossesOf(row),
        ...(row.reading === null ? {} : { reading: row.reading }),
        ...(row.note === null ? {} : { note: row.note }),
      })),
    }
    const json = Buffer.from(JSON.stringify({ data }))
    const answer: LexiconAnswer = {
      version,
      etag: `"lexicon-${language}-${version}"`,
      json,
      // Quality 9 rather than 11: a 20,000-entry lexicon compresses in tens of milliseconds, once per version.
      br: zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
      gzip: zlib.gzipSync(json, { level: 9 }),
    }
    answers.set(language, answer)
    return answer
  }

  return {
    /** The language's lexicon answer, or undefined for no such language. */
    async answer(language: string): Promise<LexiconAnswer | undefined> {
      const version = await repository.version(language)
      return version === undefined ? undefined : answerFor(language, version)
    },

    /**
     * The segmenter of a language as its lexicon is now (`db`: read inside the caller's transaction).
     * One built outside a transaction is kept and answers any read of its version; one built inside
     * is not (it may hold the transaction's own uncommitted entries).
     */
    async segmenter(language: string, db: Kysely<Database> = deps.db): Promise<{ version: number; segmenter: Segmenter }> {
      const lexicon = createLexiconRepository(db)
      const version = (await lexicon.version(language)) ?? 0
      const kept = segmenters.get(language)
      if (kept?.version === version) return kept
      const made = { version, segmenter: createSegmenter(language, await lexicon.keys(language)) }
      // Kept only when read outside a transaction: one that rolls back would leave a version number
      // the next change takes with other headwords. And only the newest.
      if (!db.isTransaction && (!kept || kept.version < version)) segmenters.set(language, made)
      return made
    },

    /**
     * The corrected readings of a language's words (issue 46: an entry's `reading`, e.g. 行長 hong4
     * zoeng2), key → reading, made once per lexicon version.
     */
    async corrections(language: string): Promise<ReadonlyMap<string, string>> {
      const version = (await repository.version(language)) ?? 0
      const kept = corrections.get(language)
      if (kept?.version === version) return kept.readings
      const readings = new Map<string, string>()
      for (const row of await repository.entries(language)) if (row.reading) readings.set(row.key, row.reading)
      corrections.set(language, { version, readings })
      return readings
    },

    /**
     * Adds entries to a language's lexicon inside the caller's transaction: new keys are inserted, an
     * existing key gains the glosses it lacks. Raises the version when anything changed and, when new
     * headwords came, enqueues the re-segmenting of the language's tracks (run after the commit).
     */
    async add(trx: Kysely<Database>, language: string, entries: readonly GlossaryEntry[], source: LexiconEntryRow['source'], submissionId: number | null): Promise<{ added: number; extended: number }> {
      const lexicon = createLexiconRepository(trx)
      const byKey = entriesByKey(language, entries)
      const existing = new Map((await lexicon.byKeys(language, [...byKey.keys()])).map((row) => [row.key, row]))
      const nowIso = new Date(deps.clock.now()).toISOString()
      const fresh: NewLexiconEntry[] = []
      let extended = 0
      for (const [key, entry] of byKey) {
        const row = existing.get(key)
        if (!row) {
          fresh.push({ key, headword: entry.headword, glosses: entry.glosses, reading: entry.reading, note: entry.note })
          continue
        }
        const had = glossesOf(row)
        const merged = [...new Set([...had, ...entry.glossList])]
        if (merged.length === had.length && (row.reading !== null || entry.reading === null) && (row.note !== null || entry.note === null)) continue
        await lexicon.update(row.id, { glosses: JSON.stringify(merged), reading: row.reading ?? entry.reading, note: row.note ?? entry.note }, nowIso)
        extended++
      }
      await lexicon.insert(language, fresh, source, submissionId, nowIso)
      if (fresh.length > 0 || extended > 0) await lexicon.bumpVersion(language)
      if (fresh.length > 0) await deps.jobs.enqueue('resegment_language', { language }, { trx })
      return { added: fresh.length, extended }
    },
  }
}
