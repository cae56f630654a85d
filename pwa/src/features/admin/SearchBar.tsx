/** The search box and filter above an admin table, as a search landmark. */
import { useId, type ReactNode } from 'react'
import { SEARCH_MAX_CHARS } from '../../../../contract/limits.ts'

export function SearchBar({
  label,
  value,
  onChange,
  placeholder,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  children?: ReactNode
}) {
  const id = useId()
  return (
    <div role="search" className="admin-toolbar">
      <div className="field admin-search">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          type="search"
          value={value}
          placeholder={placeholder}
          maxLength={SEARCH_MAX_CHARS}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {children}
    </div>
  )
}

/** A labelled select for a list filter. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: V
  options: readonly { value: V; label: string }[]
  onChange: (value: V) => void
}) {
  const id = useId()
  return (
    <div className="field admin-filter">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
