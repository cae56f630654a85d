/**
 * An admin renames someone. The same 3..32 character rule as everyone's name (contract), but no
 * premium rule and no cooldown: the server applies neither to admins. States: editing, saving, saved.
 */
import { useId, useState } from 'react'
import { DISPLAY_NAME_MAX_CHARS, DISPLAY_NAME_MIN_CHARS } from '../../../../contract/limits.ts'
import { MAX_COMBINING_MARKS_IN_A_ROW, type DisplayNameProblem } from '../../../../contract/text-rules.ts'
import type { AdminUser } from '../../../../contract/schemas/admin.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { ApiError } from '../../data/api.ts'
import { useTranslation } from 'react-i18next'
import { checkDisplayName } from '../settings/settings-rules.ts'
import { adminApi } from '../../data/admin/admin-api.ts'
import { adminErrorKey } from './admin-errors.ts'

const NAME_PROBLEM_KEYS: Record<DisplayNameProblem, string> = {
  length: 'users.nameLength',
  characters: 'users.nameCharacters',
  invisible: 'users.nameInvisible',
  marks: 'users.nameMarks',
  // Admins may give staff names, so this one shows only if that rule changes.
  reserved: 'users.nameReserved',
}

type State = { kind: 'editing' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; text: string }

export function RenameUserDialog({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (user: AdminUser) => void }) {
  const { t } = useTranslation('admin')
  const [current, setCurrent] = useState(user.display_name)
  const [value, setValue] = useState(user.display_name ?? '')
  const [edited, setEdited] = useState(false)
  const [state, setState] = useState<State>({ kind: 'editing' })
  const formId = useId()
  const inputId = useId()
  const hintId = useId()
  const saving = state.kind === 'saving'
  const check = checkDisplayName(value, current, edited, { allowStaffNames: true })

  let hint = t('users.nameRule', { min: DISPLAY_NAME_MIN_CHARS, max: DISPLAY_NAME_MAX_CHARS })
  let invalid = false
  if (check.kind === 'same') hint = t('users.nameSame')
  else if (check.kind === 'invalid') {
    invalid = true
    hint = t(NAME_PROBLEM_KEYS[check.reason], { min: DISPLAY_NAME_MIN_CHARS, max: DISPLAY_NAME_MAX_CHARS, marks: MAX_COMBINING_MARKS_IN_A_ROW })
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    if (check.kind !== 'valid' || saving) return
    setState({ kind: 'saving' })
    try {
      const updated = await adminApi.updateUser(user.id, { display_name: check.value })
      setCurrent(updated.display_name)
      setValue(updated.display_name ?? '')
      setEdited(false)
      onSaved(updated)
      setState({ kind: 'saved' })
    } catch (error) {
      // A 422 carries the server's own sentence about the name; anything else is the spec's generic one.
      const text = error instanceof ApiError && error.status === 422 && error.errors[0] ? error.errors[0] : t(adminErrorKey(error))
      setState({ kind: 'error', text })
    }
  }

  return (
    <Dialog
      title={t('users.renameTitle')}
      onClose={onClose}
      canClose={!saving}
      testId="rename-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={saving}>
            {state.kind === 'saved' ? t('dialog.done') : t('dialog.cancel')}
          </button>
          <button type="submit" form={formId} className="button" disabled={check.kind !== 'valid' || saving}>
            {saving ? t('dialog.saving') : t('dialog.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-dialog-form" onSubmit={onSubmit} noValidate>
        <p className="muted dialog-subject">{user.email}</p>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            {t('users.displayName')}
          </label>
          <input
            id={inputId}
            className="input"
            value={value}
            maxLength={DISPLAY_NAME_MAX_CHARS}
            autoComplete="off"
            disabled={saving}
            aria-describedby={hintId}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              setValue(event.target.value)
              setEdited(true)
              if (state.kind !== 'saving') setState({ kind: 'editing' })
            }}
          />
          <p id={hintId} className={invalid ? 'field-error' : 'field-hint'}>
            {hint}
          </p>
        </div>
        <p className={state.kind === 'error' ? 'form-error' : 'form-success'} role="status" data-testid="rename-status">
          {state.kind === 'error' ? state.text : state.kind === 'saved' ? t('users.nameUpdated') : ''}
        </p>
      </form>
    </Dialog>
  )
}
