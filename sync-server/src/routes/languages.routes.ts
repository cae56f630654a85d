import { Router } from 'express'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import { on } from './route.ts'

export function languagesRoutes(router: Router, deps: { languages: LanguagesRepository }) {
  on(router, 'languages.list', async (_req, res) => {
    res.json({ data: await deps.languages.list() })
  })
}
