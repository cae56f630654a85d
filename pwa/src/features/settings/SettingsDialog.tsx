/**
 * Settings (spec sections 2, 4, 5, 8): interface language, daily goal, display name. The dialog loads
 * /me on open, saves only a real change, and reports idle → saving → success or error.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DAILY_GOAL_DEFAULT_MINUTES, DISPLAY_NAME_MAX_CHARS, DISPLAY_NAME_MIN_CHARS } from '../../../../contract/limits.ts'
import type { User } from '../../../../contract/schemas/user.ts'
import { MAX_COMBINING_MARKS_IN_A_ROW } from '../../../../contract/text-rules.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { accountApi } from '../../data/account/account-api.ts'
import { ApiError, NetworkError } from '../../data/api.ts'
import { UI_LANGUAGES } from '../../i18n/config.ts'
import { refreshDailyProgress } from '../../data/progress/daily-progress.ts'
import { session, useSession } from '../../data/session/session.ts'
import {
  canEditName,
  checkDisplayName,
  goalOptions,
  pendingChanges,
  settingsErrorMessage,
  type SettingsMessage,
} from './settings-rules.ts'
import './SettingsDialog.css'

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'success' } | { kind: 'error'; message: SettingsMessage }

export default function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('settings')
  const { user: storedUser } = useSession()
  const [user, setUser] = useState<User | null>(storedUser)
  const [loadError, setLoadError] = useState(false)
  const [nameInput, setNameInput] = useState(storedUser?.display_name ?? '')
  const [nameEdited, setNameEdited] = useState(false)
  const [goal, setGoal] = useState(storedUser?.daily_goal_minutes ?? DAILY_GOAL_DEFAULT_MINUTES)
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  // Shown at once; the interface itself follows as soon as the other language's texts have loaded.
  const [uiLanguage, setUiLanguage] = useState(i18n.resolvedLanguage)
  // The load may answer after the person started typing: their text wins.
  const nameEditedRef = useRef(false)
  const formId = useId()
  const nameHintId = useId()

  useEffect(() => {
    let cancelled = false
    accountApi
      .me()
      .then((fresh) => {
        if (cancelled) return
        session.setUser(fresh)
        setUser(fresh)
        setNameInput((value) => (nameEditedRef.current ? value : (fresh.display_name ?? '')))
        setGoal(fresh.daily_goal_minutes)
      })
      .catch(() => {
        if (!cancelled) setLoadError(true)
      })
    return () => {
      cancelled = true
    }
  }, [])

  const saving = save.kind === 'saving'
  const name = checkDisplayName(nameInput, user?.display_name ?? null, nameEdited)
  const changes = user ? pendingChanges({ user, name, goal, saving }) : null
  const editable = user ? canEditName(user) : false
  const premium = Boolean(user?.is_premium || user?.premium)
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso))

  function message(value: SettingsMessage): string {
    if ('text' in value) return value.text
    const values = value.values?.date ? { date: formatDate(value.values.date) } : value.values
    return t(value.key, values)
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    if (!changes || !user) return
    setSave({ kind: 'saving' })
    try {
      if (changes.goal !== undefined) await accountApi.saveDailyGoal(changes.goal)
      if (changes.displayName !== undefined) await accountApi.setDisplayName(changes.displayName)
      const fresh = (await session.refresh()) ?? user
      setUser(fresh)
      setNameInput(fresh.display_name ?? '')
      setNameEdited(false)
      nameEditedRef.current = false
      setGoal(fresh.daily_goal_minutes)
      void refreshDailyProgress()
      setSave({ kind: 'success' })
    } catch (error) {
      const details = error instanceof ApiError ? error : {}
      setSave({ kind: 'error', message: settingsErrorMessage(details, error instanceof NetworkError) })
    }
  }

  let nameHint: string | null = null
  if (name.kind === 'same') nameHint = t('name.same')
  else if (name.kind === 'invalid' && editable) {
    nameHint = t(`name.${name.reason}`, { min: DISPLAY_NAME_MIN_CHARS, max: DISPLAY_NAME_MAX_CHARS, marks: MAX_COMBINING_MARKS_IN_A_ROW })
  }

  return (
    <Dialog
      title={t('title')}
      onClose={onClose}
      canClose={!saving}
      testId="settings-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={saving}>
            {t('close')}
          </button>
          <button type="submit" form={formId} className="button" disabled={!changes}>
            {saving ? t('saving') : t('save')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="settings-form"
        onSubmit={onSubmit}
        onKeyDown={(event) => {
          // Enter saves from any field, including the goal dropdown (a select does not submit by itself).
          if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
            event.preventDefault()
            event.currentTarget.requestSubmit()
          }
        }}
      >
        {loadError ? (
          <p className="form-error" role="alert">
            {t('loadFailed')}
          </p>
        ) : null}

        <fieldset className="field">
          <legend className="field-label">{t('uiLanguage.label')}</legend>
          <div className="segmented">
            {UI_LANGUAGES.map((code) => (
              <label key={code} className="segmented-option">
                <input
                  type="radio"
                  name="ui-language"
                  value={code}
                  checked={uiLanguage === code}
                  onChange={() => {
                    setUiLanguage(code)
                    void i18n.changeLanguage(code)
                  }}
                />
                <span lang={code}>{t(`uiLanguage.${code}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="field">
          <label className="field-label" htmlFor={`${formId}-goal`}>
            {t('goal.label')}
          </label>
          <select
            id={`${formId}-goal`}
            className="input"
            value={goal}
            disabled={saving}
            onChange={(event) => setGoal(Number(event.target.value))}
            data-testid="goal-select"
          >
            {goalOptions(user?.daily_goal_minutes ?? null).map((option) => (
              <option key={option.minutes} value={option.minutes}>
                {option.tag === 'custom'
                  ? t('goal.custom', { count: option.minutes })
                  : option.tag
                    ? t('goal.optionWithTag', { count: option.minutes, tag: t(`goal.${option.tag}`) })
                    : t('goal.option', { count: option.minutes })}
              </option>
            ))}
          </select>
        </div>

        <div className="field">
          <label className="field-label" htmlFor={`${formId}-name`}>
            {t('name.label')}
          </label>
          <input
            id={`${formId}-name`}
            className="input"
            type="text"
            autoComplete="nickname"
            maxLength={DISPLAY_NAME_MAX_CHARS}
            value={nameInput}
            disabled={!editable || saving}
            aria-invalid={name.kind === 'invalid' && editable}
            aria-describedby={nameHintId}
            onChange={(event) => {
              setNameInput(event.target.value)
              setNameEdited(true)
              nameEditedRef.current = true
              if (save.kind !== 'saving') setSave({ kind: 'idle' })
            }}
          />
          <div id={nameHintId} className="field-hints">
            {nameHint ? (
              <p className={name.kind === 'invalid' ? 'field-error' : 'field-hint'} data-testid="name-hint">
                {nameHint}
              </p>
            ) : null}
            {user && !premium ? (
              <p className="field-hint notice-inline" data-testid="premium-notice">
                {t('name.premiumNotice')}
              </p>
            ) : null}
            {user && premium && !user.can_change_display_name && user.next_change_at ? (
              <p className="field-hint notice-inline" data-testid="cooldown-notice">
                {t('name.cooldownNotice', { date: formatDate(user.next_change_at) })}
              </p>
            ) : null}
          </div>
        </div>

        <div className="save-status" role="status" aria-live="polite" data-testid="settings-status">
          {save.kind === 'success' ? <p className="form-success">{t('saved')}</p> : null}
          {save.kind === 'error' ? <p className="form-error">{message(save.message)}</p> : null}
        </div>
      </form>
    </Dialog>
  )
}
