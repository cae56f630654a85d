import { Router } from 'express'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'

export function languagesRoutes(router: Router, deps: { languages: LanguagesRepository }) {
  router.get('/languages', async (_req, res) => {
    res.json({ data: await deps.languages.list() })
  })
}
