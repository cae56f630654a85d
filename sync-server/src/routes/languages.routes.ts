import { Router } from 'express'
import type { LanguagesRepository } from '../repositories/languages.repository.ts'

export function languagesRoutes(deps: { languages: LanguagesRepository }) {
  const router = Router()
  router.get('/languages', (_req, res) => {
    res.json({ data: deps.languages.list() })
  })
  return router
}
