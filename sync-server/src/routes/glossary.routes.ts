/** A submission's glossary and its suggestions (contributors), and the admin's lexicon (api-contract "Words"). */
import type { AdminLexiconService } from '../services/admin-lexicon.service.ts'
import type { GlossaryService } from '../services/glossary.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'

export function glossaryRoutes(routes: Routes, deps: { glossary: GlossaryService; adminLexicon: AdminLexiconService }) {
  const submissionId = (raw: unknown) => pathId(raw, 'No such submission.')
  const entryId = (raw: unknown) => pathId(raw, 'No such entry.')

  routes.add('submissions.putGlossary', async ({ req, res, user, body }) => {
    const id = submissionId(req.params.id)
    res.json({ data: await deps.glossary.put(user, id, body.entries) })
  })

  routes.add('submissions.getGlossary', async ({ req, res, user }) => {
    res.json({ data: await deps.glossary.get(user, submissionId(req.params.id)) })
  })

  routes.add('submissions.glossarySuggestions', async ({ req, res, user }) => {
    res.json({ data: await deps.glossary.suggestions(user, submissionId(req.params.id)) })
  })

  routes.add('admin.lexicon', async ({ res, query }) => {
    res.json(await deps.adminLexicon.search(query))
  })

  routes.add('admin.updateLexiconEntry', async ({ req, res, body }) => {
    const id = entryId(req.params.id)
    res.json({ data: await deps.adminLexicon.update(id, body.entry) })
  })

  routes.add('admin.deleteLexiconEntry', async ({ req, res }) => {
    await deps.adminLexicon.remove(entryId(req.params.id))
    res.status(204).end()
  })
}
