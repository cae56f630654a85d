/**
 * The studio's glossary (issue 44 item 5): the one door to its three calls. The suggestions (the words of
 * the submission's captions the lexicon lacks, most frequent first), the saved entries, and saving the
 * whole glossary at once. A 422 names its bad entries as `entries[i] "…": …`; `GlossaryRejected` hands
 * them back by their place in the list that was sent, so the screen shows each beside its entry.
 */
import type { RouteAnswer } from '../../../../contract/route-answers.ts'
import { ApiError } from '../api.ts'
import { call } from '../api-call.ts'

export type GlossarySuggestion = RouteAnswer<'submissions.glossarySuggestions'>['data'][number]

export interface GlossaryEntryDraft {
  headword: string
  glosses: string[]
  reading?: string
  note?: string
}

export class GlossaryRejected extends Error {
  /** The server's sentence for each entry it refused, by the entry's index in the list sent. */
  readonly byIndex: Map<number, string>
  /** What named no entry (the list as a whole: too many entries). */
  readonly general: string[]

  constructor(error: ApiError) {
    super(error.message)
    this.byIndex = new Map()
    this.general = []
    for (const sentence of error.errors.length > 0 ? error.errors : [error.message]) {
      const named = /^entries\[(\d+)\](?: "(?:[^"\\]|\\.)*")?: ?(.*)$/su.exec(sentence)
      if (named) this.byIndex.set(Number(named[1]), named[2] || sentence)
      else this.general.push(sentence)
    }
  }
}

export async function loadGlossarySuggestions(submissionId: string): Promise<GlossarySuggestion[]> {
  const answer = await call('submissions.glossarySuggestions', undefined, { params: { id: submissionId } })
  return answer.data
}

/**
 * The entries saved with the submission (`GET /submissions/ID/glossary`). A server whose handler is not
 * there yet answers 404 (the route came to the contract before its handler): the studio then starts
 * from an empty glossary rather than refusing to show the suggestions.
 */
export async function loadSavedGlossary(submissionId: string): Promise<GlossaryEntryDraft[]> {
  try {
    const answer = await call('submissions.getGlossary', undefined, { params: { id: submissionId } })
    return answer.data.entries
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return []
    throw error
  }
}

/** Saves the whole glossary; answers what the server kept, or throws GlossaryRejected on a 422. */
export async function saveGlossary(submissionId: string, entries: readonly GlossaryEntryDraft[]): Promise<GlossaryEntryDraft[]> {
  try {
    const answer = await call('submissions.putGlossary', { entries: entries.map(cleanEntry) }, { params: { id: submissionId } })
    return answer.data.entries
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw new GlossaryRejected(error)
    throw error
  }
}

/** Empty glosses, readings and notes left out: the server would refuse an empty gloss. */
function cleanEntry(entry: GlossaryEntryDraft): GlossaryEntryDraft {
  const glosses = entry.glosses.map((gloss) => gloss.trim()).filter((gloss) => gloss.length > 0)
  const reading = entry.reading?.trim()
  const note = entry.note?.trim()
  return { headword: entry.headword.trim(), glosses, ...(reading ? { reading } : {}), ...(note ? { note } : {}) }
}

export { NetworkError } from '../api.ts'
