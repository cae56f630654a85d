/** A dialect choice (northern, central, southern, mixed), as the upload form, the publish dialog and the admin table offer it. */
import { useTranslation } from 'react-i18next'
import { DIALECTS, type Dialect } from '../../../../contract/vocabulary.ts'
import type { FieldControlProps } from '../../components/FormField.tsx'

export function DialectSelect({
  value,
  onChange,
  placeholder,
  control,
  className = 'input',
  testId,
  ariaLabel,
  disabled,
}: {
  value: Dialect | ''
  onChange: (dialect: Dialect | '') => void
  /** The empty choice's words ("Choose a dialect", "Not set"). */
  placeholder: string
  control?: FieldControlProps
  className?: string
  testId?: string
  /** For a select without a visible label (a table row). */
  ariaLabel?: string
  disabled?: boolean
}) {
  const { t } = useTranslation('captions')
  return (
    <select {...control} className={className} aria-label={ariaLabel} disabled={disabled} value={value} onChange={(event) => onChange(event.target.value as Dialect | '')} data-testid={testId}>
      <option value="">{placeholder}</option>
      {DIALECTS.map((dialect) => (
        <option key={dialect} value={dialect}>
          {t(`dialectLong.${dialect}`)}
        </option>
      ))}
    </select>
  )
}
