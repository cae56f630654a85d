/**
 * One labelled form field: label, the control, an optional hint and an optional error message, with
 * the control's id, aria-invalid and aria-describedby wired the same way in every form. The control
 * comes from a render function so each form keeps its own element and handlers.
 */
import type { ReactNode } from 'react'

export type FieldControlProps = {
  id: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

export function FormField({
  id,
  label,
  hint,
  hintId = `${id}-hint`,
  validated = false,
  error,
  errorTestId,
  after,
  children,
}: {
  /** The control's id; the hint and error ids are made from it. */
  id: string
  label: ReactNode
  hint?: ReactNode
  /** Two controls can share one hint, so its id can be another field's. */
  hintId?: string
  /** Checked fields say aria-invalid="false" while valid; fields never checked leave it off. */
  validated?: boolean
  error?: ReactNode
  errorTestId?: string
  /** Anything that belongs to the field but comes after its messages (a link, a note). */
  after?: ReactNode
  children: (control: FieldControlProps) => ReactNode
}) {
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(validated ? { 'aria-invalid': Boolean(error) } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  )
}
