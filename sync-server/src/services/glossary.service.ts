/**
 * A contributor's glossary for a submission (issue 42): PUT /submissions/ID/glossary (and GET, issue 44), the suggestions
 * of what to gloss, and the entries joining the language's lexicon when the submission is published.
 *
 * - The owner or an admin (someone else's submission is "not found", as in submissions.service.ts).
 * - Each entry is checked alone, so a 422 `invalid_glossary` names every bad one (`entries[3] "…": …`)
 *   and nothing is written; two entries of one key are one (their glosses merged).
 * - Suggestions: the words of its caption track in its own language that the lexicon lacks, and runs
 *   of 2–3 units (syllables; Cantonese: characters) joined by white space only that recur (twice or
 *   more), lie across two or more of the segmentation's words, and are no headword (candidate words
 *   longest match split), most frequent first, each with its first cue. Keys the glossary already
 *   holds are left out.
 */
import type { Kysely } from 'kysely'
import {
  GLOSSARY_MAX_ENTRIES,
  glossaryEntrySchema,
  segmentUnits,
  segmentRule,
  WORDS_ERROR_CODES,
  type GlossaryEntry,
  type GlossarySuggestions,
  type LexiconEntry,
} from '../../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { ApiError, notFound } from '../errors.ts'
import { createGlossaryRepository, type GlossaryRow } from '../repositories/glossary.repository.ts'
import type { SubmissionsRepository } from '../repositories/submissions.repository.ts'
import { createTrackWordsRepository } from '../repositories/track-words.repository.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { requireContributor } from '../rules/contributor-roles.ts'
import { entriesByKey, type LexiconService } from './lexicon.service.ts'

/** The most suggestions one answer holds. */
const SUGGESTIONS_MAX = 500

const toEntry = (row: Pick<GlossaryRow, 'headword' | 'glosses' | 'reading' | 'note'>): LexiconEntry => ({
  headword: row.headword,
  glosses: JSON.parse(row.glosses) as string[],
  ...(row.reading === null ? {} : { reading: row.reading }),
  ...(row.note === null ? {} : { note: row.note }),
})

export type GlossaryService = ReturnType<typeof createGlossaryService>

export function createGlossaryService(deps: { db: Kysely<Database>; submissions: SubmissionsRepository; lexicon: LexiconService }) {
  async function owned(user: UserRow, submissionId: number) {
    requireContributor(user)
    const row = await deps.submissions.findById(submissionId)
    if (!row || (row.user_id !== user.id && user.is_admin !== 1)) throw notFound('No such submission.')
    return row
  }

  return {
    /** GET /submissions/ID/glossary: the entries as last saved, in key order (the studio reopens them). */
    async get(user: UserRow, submissionId: number): Promise<{ entries: LexiconEntry[] }> {
      await owned(user, submissionId)
      return { entries: (await createGlossaryRepository(deps.db).entries(submissionId)).map(toEntry) }
    },

    async put(user: UserRow, submissionId: number, items: readonly unknown[]): Promise<{ entries: LexiconEntry[] }> {
      const submission = await owned(user, submissionId)
      if (submission.published_video_id !== null) throw new ApiError(409, 'conflict', 'This submission is published: its glossary has joined the lexicon, where an admin corrects it.')
      const errors: string[] = []
      const entries: GlossaryEntry[] = []
      for (const [index, item] of items.slice(0, GLOSSARY_MAX_ENTRIES).entries()) {
        const parsed = glossaryEntrySchema.safeParse(item)
        const named = `entries[${index}]${typeof (item as { headword?: unknown } | null)?.headword === 'string' ? ` "${String((item as { headword: string }).headword).slice(0, 40)}"` : ''}`
        if (!parsed.success) errors.push(`${named}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; ')}`)
        else if (segmentUnits(parsed.data.headword, submission.language_code).length === 0) errors.push(`${named}: headword: a word has at least one letter.`)
        else if (segmentUnits(parsed.data.headword, submission.language_code).length > segmentRule(submission.language_code).maxUnits)
          errors.push(`${named}: headword: a word has at most ${segmentRule(submission.language_code).maxUnits} ${submission.language_code === 'yue' ? 'characters' : 'syllables'}.`)
        else entries.push(parsed.data)
      }
      if (errors.length > 0) throw new ApiError(422, WORDS_ERROR_CODES.invalidGlossary, `This glossary cannot be saved: ${errors[0]}`, { errors })
      const rows: GlossaryRow[] = [...entriesByKey(submission.language_code, entries).values()].map((entry) => ({
        submission_id: submissionId,
        key: entry.key,
        headword: entry.headword,
        glosses: entry.glosses,
        reading: entry.reading,
        note: entry.note,
      }))
      rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      await deps.db.transaction().execute((trx) => createGlossaryRepository(trx).replace(submissionId, rows))
      return { entries: rows.map(toEntry) }
    },

    async suggestions(user: UserRow, submissionId: number): Promise<GlossarySuggestions> {
      const submission = await owned(user, submissionId)
      const language = submission.language_code
      const { segmenter } = await deps.lexicon.segmenter(language)
      const glossed = new Set((await createGlossaryRepository(deps.db).entries(submissionId)).map((row) => row.key))
      const cues = await createTrackWordsRepository(deps.db).cuesOf(submissionId, language as 'vi')
      const found = new Map<string, { count: number; first: { start: number; text: string }; order: number }>()
      const note = (key: string, cue: { start_seconds: number; text: string }) => {
        if (glossed.has(key)) return
        const kept = found.get(key)
        if (kept) kept.count++
        else found.set(key, { count: 1, first: { start: cue.start_seconds, text: cue.text }, order: found.size })
      }
      const runs = new Map<string, number>()
      const joiner = segmentRule(language).joiner
      for (const cue of cues) {
        const tokens = segmenter.segment(cue.text)
        for (const token of tokens) if (!segmenter.has(token.key)) note(token.key, cue)
        // Where each unit's word ends: a run is a candidate only when it crosses from one word into another.
        const units = segmentUnits(cue.text, language)
        const wordEnd = units.map((unit) => tokens.find((token) => token.from <= unit.from && unit.to <= token.to)?.to ?? unit.to)
        for (let i = 0; i < units.length; i++) {
          let key = units[i]!.key
          for (let n = 2; n <= 3 && i + n - 1 < units.length && units[i + n - 2]!.joinsNext; n++) {
            key += joiner + units[i + n - 1]!.key
            if (units[i + n - 1]!.to <= wordEnd[i]!) continue // inside one word: an entry covers it
            if (segmenter.has(key)) continue
            runs.set(key, (runs.get(key) ?? 0) + 1)
            note(key, cue)
          }
        }
      }
      // A run heard once is no word yet; a missing single word is suggested from its first use.
      for (const [key, count] of runs) if (count < 2) found.delete(key)
      return [...found]
        .sort((a, b) => b[1].count - a[1].count || a[1].order - b[1].order)
        .slice(0, SUGGESTIONS_MAX)
        .map(([key, value]) => ({ key, count: value.count, first_cue: value.first }))
    },

    /** At publishing, inside its transaction: the glossary joins the language's lexicon. */
    async publish(trx: Kysely<Database>, submission: { id: number; language_code: string }): Promise<void> {
      const rows = await createGlossaryRepository(trx).entries(submission.id)
      if (rows.length === 0) return
      const entries: GlossaryEntry[] = rows.map((row) => ({ headword: row.headword, glosses: JSON.parse(row.glosses) as string[], reading: row.reading, note: row.note }))
      await deps.lexicon.add(trx, submission.language_code, entries, 'submission', submission.id)
    },
  }
}
