/** The settings dialog's three fields: interface language, daily goal, display name (with why it cannot change). */
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DISPLAY_NAME_MAX_CHARS, DISPLAY_NAME_MIN_CHARS } from '../../../../contract/limits.ts'
import type { User } from '../../../../contract/schemas/user.ts'
import { MAX_COMBINING_MARKS_IN_A_ROW } from '../../../../contract/text-rules.ts'
import { sendPreference } from '../../data/preferences/account-preferences.ts'
import { UI_LANGUAGES } from '../../i18n/config.ts'
import { readTheme, setTheme, type Theme } from '../theme/theme.ts'
import { goalOptions, nameHintKey, type NameCheck } from './settings-rules.ts'

export function UiLanguageField() {
  const { t, i18n } = useTranslation('settings')
  // Shown at once; the interface itself follows as soon as the other language's texts have loaded.
  const [uiLanguage, setUiLanguage] = useState(i18n.resolvedLanguage)
  return (
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
                void sendPreference('ui_language', code)
              }}
            />
            <span lang={code}>{t(`uiLanguage.${code}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const THEME_CHOICES: readonly Theme[] = ['light', 'dark', 'device']

/** Light, dark, or as the device says: shown at once, kept on the device and in the account. */
export function ThemeField() {
  const { t } = useTranslation('settings')
  const [theme, choose] = useState<Theme>(readTheme)
  return (
    <fieldset className="field">
      <legend className="field-label">{t('theme.label')}</legend>
      <div className="segmented">
        {THEME_CHOICES.map((choice) => (
          <label key={choice} className="segmented-option">
            <input
              type="radio"
              name="theme"
              value={choice}
              checked={theme === choice}
              onChange={() => {
                choose(choice)
                setTheme(choice)
                void sendPreference('theme', choice)
              }}
            />
            <span>{t(`theme.${choice}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function GoalField({ id, goal, current, disabled, onChange }: { id: string; goal: number; current: number | null; disabled: boolean; onChange: (minutes: number) => void }) {
  const { t } = useTranslation('settings')
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('goal.label')}
      </label>
      <select id={id} className="input" value={goal} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))} data-testid="goal-select">
        {goalOptions(current).map((option) => (
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
  )
}

export function DisplayNameField({
  id,
  value,
  name,
  user,
  editable,
  premium,
  saving,
  onChange,
  formatDate,
}: {
  id: string
  value: string
  name: NameCheck
  user: User | null
  editable: boolean
  premium: boolean
  saving: boolean
  onChange: (value: string) => void
  formatDate: (iso: string) => string
}) {
  const { t } = useTranslation('settings')
  const hintId = useId()
  const hintKey = nameHintKey(name, editable)
  const hint = hintKey ? t(hintKey, { min: DISPLAY_NAME_MIN_CHARS, max: DISPLAY_NAME_MAX_CHARS, marks: MAX_COMBINING_MARKS_IN_A_ROW }) : null
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('name.label')}
      </label>
      <input
        id={id}
        className="input"
        type="text"
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX_CHARS}
        value={value}
        disabled={!editable || saving}
        aria-invalid={name.kind === 'invalid' && editable}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <div id={hintId} className="field-hints">
        {hint ? (
          <p className={name.kind === 'invalid' ? 'field-error' : 'field-hint'} data-testid="name-hint">
            {hint}
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
  )
}
