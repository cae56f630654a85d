/**
 * The admin's lexicon (`/admin-lexicon`, issue 42): search a language's entries by the start of their
 * key, correct an entry's glosses, reading and note, remove an entry. Each change raises the language's
 * version (the PWA fetches the lexicon again); a removal also has the language's tracks segmented again
 * (a job), since a multi-syllable headword gone splits differently. Removing an entry takes its meaning
 * away at once; a learner's state of the key stays.
 */
import type { Kysely } from 'kysely'
import { wordKey, type AdminLexiconEntry } from '../../../contract/index.ts'
import type { z } from 'zod'
import type { adminLexiconQuerySchema, patchLexiconEntryBodySchema } from '../../../contract/index.ts'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../errors.ts'
import type { AppJobQueue } from '../jobs/kinds.ts'
import { decodeCursor, pageOf } from '../pagination.ts'
import { createLexiconRepository, type LexiconEntryRow } from '../repositories/lexicon.repository.ts'
import { glossesOf } from './lexicon.service.ts'
import { z as zod } from 'zod'

const cursorSchema = zod.object({ k: zod.string().max(200) })

function toAdminEntry(row: LexiconEntryRow): AdminLexiconEntry {
  return {
    id: row.id,
    language_code: row.language_code,
    key: row.key,
    headword: row.headword,
    glosses: glossesOf(row),
    reading: row.reading,
    note: row.note,
    source: row.source,
    updated_at: row.updated_at,
  }
}

export type AdminLexiconService = ReturnType<typeof createAdminLexiconService>

export function createAdminLexiconService(deps: { db: Kysely<Database>; jobs: AppJobQueue; clock: Clock }) {
  const lexicon = createLexiconRepository(deps.db)
  return {
    async search(query: z.output<typeof adminLexiconQuerySchema>) {
      if ((await lexicon.version(query.language)) === undefined) throw notFound('No such language.')
      const after = decodeCursor(cursorSchema, query.cursor)
      const prefix = query.q ? wordKey(query.q, query.language) || query.q.normalize('NFC').toLowerCase() : undefined
      const rows = await lexicon.search(query.language, prefix, after?.k, query.limit + 1)
      const page = pageOf(rows, query.limit, (row) => ({ k: row.key }))
      return { data: page.data.map(toAdminEntry), next_cursor: page.next_cursor }
    },

    async update(entryId: number, body: z.output<typeof patchLexiconEntryBodySchema>['entry']): Promise<AdminLexiconEntry> {
      return deps.db.transaction().execute(async (trx) => {
        const repository = createLexiconRepository(trx)
        const row = await repository.findById(entryId)
        if (!row) throw notFound('No such entry.')
        const fields = {
          glosses: body.glosses ? JSON.stringify([...new Set(body.glosses.map((gloss) => gloss.normalize('NFC')))]) : row.glosses,
          reading: body.reading === undefined ? row.reading : (body.reading?.normalize('NFC') ?? null),
          note: body.note === undefined ? row.note : (body.note?.normalize('NFC') ?? null),
        }
        await repository.update(entryId, fields, new Date(deps.clock.now()).toISOString())
        await repository.bumpVersion(row.language_code)
        return toAdminEntry((await repository.findById(entryId))!)
      })
    },

    async remove(entryId: number): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const repository = createLexiconRepository(trx)
        const row = await repository.findById(entryId)
        if (!row) throw notFound('No such entry.')
        await repository.remove(entryId)
        await repository.bumpVersion(row.language_code)
        await deps.jobs.enqueue('resegment_language', { language: row.language_code }, { trx })
      })
    },
  }
}
