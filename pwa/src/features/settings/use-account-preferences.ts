/**
 * Applies the account's preferences at every app start and sign-in (issue 41 item 10): the learning
 * language, the UI language, the theme and the player's choices follow the account, so a second device
 * asks nothing the account knows. Where the account holds no learning or UI language yet, this device's
 * go to it (the UI language is the one e-mails are written in).
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { fetchAccountPreferences, playerPrefsFrom, sendPreference } from '../../data/preferences/account-preferences.ts'
import { readPlayerPrefs, writePlayerPrefs } from '../../data/preferences/player-prefs.ts'
import { UI_LANGUAGES } from '../../i18n/config.ts'
import { getSelectedLanguage, selectLanguage } from '../languages/selected-language.ts'
import { readTheme, setTheme } from '../theme/theme.ts'

export function useAccountPreferences(userId: number | undefined): void {
  const { i18n } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    if (userId === undefined) return
    let live = true
    void (async () => {
      const values = await fetchAccountPreferences()
      if (!live || !values) return
      if (values.theme && values.theme !== readTheme()) setTheme(values.theme)

      const shown = i18n.resolvedLanguage
      if (values.ui_language && values.ui_language !== shown) void i18n.changeLanguage(values.ui_language)
      else if (!values.ui_language && (UI_LANGUAGES as readonly string[]).includes(shown ?? '')) void sendPreference('ui_language', shown as 'en' | 'vi')

      const selected = getSelectedLanguage()
      if (values.learning_language && values.learning_language !== selected) {
        selectLanguage(values.learning_language, { sync: false })
        // Sent to the language list by the sign-in: the account knows the language, so it is not asked.
        if (!selected && location.pathname === '/languages') navigate(`/languages/${values.learning_language}/videos`, { replace: true })
      } else if (!values.learning_language && selected) void sendPreference('learning_language', selected)

      const prefs = await readPlayerPrefs(userId)
      const next = playerPrefsFrom(prefs, values)
      if (live && JSON.stringify(next) !== JSON.stringify(prefs)) await writePlayerPrefs(userId, next, { sync: false })
    })()
    return () => {
      live = false
    }
  }, [userId, i18n, navigate])
}
