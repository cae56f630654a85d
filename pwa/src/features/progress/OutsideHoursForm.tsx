/**
 * Logging input had away from the app (watching elsewhere, listening, talking). The entry goes to the
 * outbox, so it can be logged offline, and counts toward total input hours once the server has it.
 */
import { useState, type FormEvent } from 'react'
import { OUTSIDE_HOURS_KINDS, OUTSIDE_MINUTES_MAX, OUTSIDE_NOTE_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import { enqueue } from '../../data/outbox/outbox.ts'
import { useTranslation } from 'react-i18next'

function localToday(): string {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

export function OutsideHoursForm() {
  const { t } = useTranslation('watch')
  const [date, setDate] = useState(localToday)
  const [minutes, setMinutes] = useState('')
  const [type, setType] = useState<(typeof OUTSIDE_HOURS_KINDS)[number]>('listening')
  const [note, setNote] = useState('')
  const [state, setState] = useState<'idle' | 'saved' | 'invalid'>('idle')

  const minutesNumber = Number(minutes)
  const valid = Number.isInteger(minutesNumber) && minutesNumber >= 1 && minutesNumber <= OUTSIDE_MINUTES_MAX && date <= localToday()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!valid) {
      setState('invalid')
      return
    }
    await enqueue('outside_hours', { date, minutes: minutesNumber, type, note: note.trim() })
    setMinutes('')
    setNote('')
    setState('saved')
  }

  return (
    <form className="outside-form" onSubmit={(event) => void submit(event)} data-testid="outside-hours-form" noValidate>
      <div className="outside-fields">
        <label>
          <span>{t('outside.date')}</span>
          <input type="date" value={date} max={localToday()} onChange={(event) => setDate(event.target.value)} required />
        </label>
        <label>
          <span>{t('outside.minutes')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={OUTSIDE_MINUTES_MAX}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            aria-describedby="outside-status"
            required
          />
        </label>
        <label>
          <span>{t('outside.type')}</span>
          <select value={type} onChange={(event) => setType(event.target.value as (typeof OUTSIDE_HOURS_KINDS)[number])}>
            {OUTSIDE_HOURS_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`outside.types.${kind}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="outside-note">
        <span>{t('outside.note')}</span>
        <input type="text" value={note} maxLength={OUTSIDE_NOTE_MAX_CHARS} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="outside-actions">
        <button type="submit" className="button">
          {t('outside.add')}
        </button>
        <p id="outside-status" role="status" className={state === 'invalid' ? 'form-error' : 'muted'}>
          {state === 'invalid' ? t('outside.invalid', { max: OUTSIDE_MINUTES_MAX }) : state === 'saved' ? t('outside.saved') : ''}
        </p>
      </div>
    </form>
  )
}
