/** Account preferences (issue 41 items 10, 23): read at every app start, changed through the outbox. */
import type { AccountPreferencesService } from '../services/account-preferences.service.ts'
import type { Routes } from './route.ts'

export function preferencesRoutes(routes: Routes, deps: { preferences: AccountPreferencesService }) {
  routes.add('me.preferences', async ({ res, user }) => {
    res.json({ data: await deps.preferences.list(user) })
  })

  routes.add('me.updatePreferences', async ({ res, user, body }) => {
    res.json({ data: await deps.preferences.record(user, body.preferences) })
  })
}
