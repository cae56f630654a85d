/**
 * /register: the first-run welcome. A new account lands here once, right after its first sign-in, to
 * pick the language to learn and a daily goal; returning people only see it if they come here.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { DAILY_GOAL_DEFAULT_MINUTES } from '../../../contract/limits.ts'
import { Flag } from '../components/Flag.tsx'
import { PageFrame } from '../components/PageFrame.tsx'
import { NetworkError } from '../data/api.ts'
import { accountApi } from '../data/account/account-api.ts'
import { useCachedLanguages, useLanguagesFetchState } from '../data/catalogue/languages.ts'
import { getSelectedLanguage, selectLanguage } from '../features/languages/selected-language.ts'
import { refreshDailyProgress } from '../data/progress/daily-progress.ts'
import { session, useSession } from '../data/session/session.ts'
import { goalOptions } from '../features/settings/settings-rules.ts'
import './RegisterPage.css'

export default function RegisterPage() {
  const { t } = useTranslation('pages')
  const { t: ts } = useTranslation('settings')
  const navigate = useNavigate()
  const { user } = useSession()
  const languages = useCachedLanguages()
  const fetchState = useLanguagesFetchState()
  const [language, setLanguage] = useState<string | null>(getSelectedLanguage())
  const [goal, setGoal] = useState(user?.daily_goal_minutes ?? DAILY_GOAL_DEFAULT_MINUTES)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const chosen = languages?.some((item) => item.code === language) ? language : null

  async function finish(event: React.FormEvent) {
    event.preventDefault()
    if (!chosen) return
    setBusy(true)
    setError(null)
    try {
      if (user && goal !== user.daily_goal_minutes) {
        await accountApi.setDailyGoal(goal)
        await session.refresh()
        void refreshDailyProgress()
      }
      selectLanguage(chosen)
      session.finishWelcome()
      navigate(`/languages/${chosen}/videos`, { replace: true })
    } catch (caught) {
      setError(caught instanceof NetworkError ? t('welcome.offline') : t('welcome.failed'))
      setBusy(false)
    }
  }

  return (
    <PageFrame title={t('welcome.title')}>
      <p className="lead">{t('welcome.intro')}</p>
      <form className="welcome-form" onSubmit={finish}>
        <fieldset className="card welcome-step">
          <legend className="welcome-legend">{t('welcome.languageQuestion')}</legend>
          {languages && languages.length > 0 ? (
            <div className="choice-grid choice-grid-wide">
              {languages.map((item) => (
                <label key={item.code} className="choice">
                  <input
                    type="radio"
                    name="language"
                    value={item.code}
                    checked={chosen === item.code}
                    onChange={() => setLanguage(item.code)}
                  />
                  <span className="choice-body">
                    <Flag code={item.code} size={36} />
                    <span>
                      <strong>{item.name}</strong>
                      <span className="muted" lang={item.code}>
                        {' '}
                        {item.native_name}
                      </span>
                    </span>
                  </span>
                </label>
              ))}
            </div>
          ) : (
            <p className="muted">
              {fetchState === 'offline' ? t('languages.offlineEmpty') : fetchState === 'failed' ? t('languages.failed') : t('languages.loading')}
            </p>
          )}
        </fieldset>

        <fieldset className="card welcome-step">
          <legend className="welcome-legend">{t('welcome.goalQuestion')}</legend>
          <div className="choice-grid">
            {goalOptions(null).map((option) => (
              <label key={option.minutes} className="choice">
                <input
                  type="radio"
                  name="goal"
                  value={option.minutes}
                  checked={goal === option.minutes}
                  onChange={() => setGoal(option.minutes)}
                />
                <span className="choice-body choice-stack">
                  <strong>{ts('goal.option', { count: option.minutes })}</strong>
                  {option.tag ? <span className="tag">{ts(`goal.${option.tag}`)}</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="welcome-actions">
          <button type="submit" className="button" disabled={!chosen || busy}>
            {busy ? t('welcome.saving') : t('welcome.start')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              session.finishWelcome()
              navigate('/languages', { replace: true })
            }}
          >
            {t('welcome.skip')}
          </button>
        </div>
      </form>
    </PageFrame>
  )
}
