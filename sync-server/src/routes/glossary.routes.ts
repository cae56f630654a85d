/** A submission's glossary and its suggestions (contributors), and the admin's lexicon (api-contract "Words"). */
import type { RequestHandler, Router } from 'express'
import { adminLexiconQuerySchema, glossaryBodySchema, patchLexiconEntryBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { adminsOnly, contributorsOnly } from '../middleware/roles.ts'
import { parseWith } from '../middleware/validate.ts'
import type { AdminLexiconService } from '../services/admin-lexicon.service.ts'
import type { GlossaryService } from '../services/glossary.service.ts'
import { pathId } from '../web/path-id.ts'
import { on } from './route.ts'

export function glossaryRoutes(router: Router, deps: { glossary: GlossaryService; adminLexicon: AdminLexiconService; requireUser: RequestHandler }) {
  const contributors = [deps.requireUser, contributorsOnly]
  const admins = [deps.requireUser, adminsOnly]
  const submissionId = (raw: unknown) => pathId(raw, 'No such submission.')
  const entryId = (raw: unknown) => pathId(raw, 'No such entry.')

  on(router, 'submissions.putGlossary', ...contributors, async (req, res) => {
    const { entries } = parseWith(glossaryBodySchema, req.body)
    res.json({ data: await deps.glossary.put(currentUser(req), submissionId(req.params.id), entries) })
  })

  on(router, 'submissions.glossarySuggestions', ...contributors, async (req, res) => {
    res.json({ data: await deps.glossary.suggestions(currentUser(req), submissionId(req.params.id)) })
  })

  on(router, 'admin.lexicon', ...admins, async (req, res) => {
    res.json(await deps.adminLexicon.search(parseWith(adminLexiconQuerySchema, req.query)))
  })

  on(router, 'admin.updateLexiconEntry', ...admins, async (req, res) => {
    const id = entryId(req.params.id)
    const { entry } = parseWith(patchLexiconEntryBodySchema, req.body)
    res.json({ data: await deps.adminLexicon.update(id, entry) })
  })

  on(router, 'admin.deleteLexiconEntry', ...admins, async (req, res) => {
    await deps.adminLexicon.remove(entryId(req.params.id))
    res.status(204).end()
  })
}
