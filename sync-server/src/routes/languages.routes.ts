import type { LanguagesRepository } from '../repositories/languages.repository.ts'
import type { Routes } from './route.ts'

export function languagesRoutes(routes: Routes, deps: { languages: LanguagesRepository }) {
  routes.add('languages.list', async ({ res }) => {
    res.json({ data: await deps.languages.list() })
  })
}
