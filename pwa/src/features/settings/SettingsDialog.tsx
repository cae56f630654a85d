/**
 * Settings (spec sections 2, 4, 5, 8): interface language, theme (issue 41), daily goal, display name. The dialog loads
 * /me on open, saves only a real change, and reports idle → saving → success or error.
 *
 * The parts: use-settings-form.ts (load and save), SettingsFields.tsx (the fields), settings-rules.ts.
 */
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'
import type { SettingsMessage } from './settings-rules.ts'
import { DisplayNameField, GoalField, ThemeField, UiLanguageField } from './SettingsFields.tsx'
import { useSettingsForm } from './use-settings-form.ts'
import './SettingsDialog.css'

export default function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('settings')
  const form = useSettingsForm()
  const { user, save, saving } = form
  const formId = useId()
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso))

  function message(value: SettingsMessage): string {
    if ('text' in value) return value.text
    const values = value.values?.date ? { date: formatDate(value.values.date) } : value.values
    return t(value.key, values)
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
          <button type="submit" form={formId} className="button" disabled={!form.changes}>
            {saving ? t('saving') : t('save')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="settings-form"
        onSubmit={form.onSubmit}
        onKeyDown={(event) => {
          // Enter saves from any field, including the goal dropdown (a select does not submit by itself).
          if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
            event.preventDefault()
            event.currentTarget.requestSubmit()
          }
        }}
      >
        {form.loadError ? (
          <p className="form-error" role="alert">
            {t('loadFailed')}
          </p>
        ) : null}
        <UiLanguageField />
        <ThemeField />
        <GoalField id={`${formId}-goal`} goal={form.goal} current={user?.daily_goal_minutes ?? null} disabled={saving} onChange={form.setGoal} />
        <DisplayNameField
          id={`${formId}-name`}
          value={form.nameInput}
          name={form.name}
          user={user}
          editable={form.editable}
          premium={form.premium}
          saving={saving}
          onChange={form.editName}
          formatDate={formatDate}
        />
        <div className="save-status" role="status" aria-live="polite" data-testid="settings-status">
          {save.kind === 'success' ? <p className="form-success">{t('saved')}</p> : null}
          {save.kind === 'error' ? <p className="form-error">{message(save.message)}</p> : null}
        </div>
      </form>
    </Dialog>
  )
}
