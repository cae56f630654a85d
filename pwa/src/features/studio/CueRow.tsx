/** One cue in the Fix step's list: its times (typed, or nudged by 0.1 s), its text, its warnings, and what can be done with it. */
import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { NUDGE_SECONDS, sameCue, type StudioCue } from './cue-ops.ts'
import { sameWarnings, type CueWarning } from './cue-rules.ts'
import { formatTime, parseTime } from './time-format.ts'

export interface CueActions {
  select: (id: string) => void
  edit: (id: string, field: 'text' | 'english', value: string) => void
  setTimes: (id: string, start: number, end: number) => void
  nudge: (id: string, edge: 'start' | 'end', delta: number) => void
  split: (id: string) => void
  join: (id: string) => void
  remove: (id: string) => void
  play: (cue: StudioCue) => void
}

interface Props {
  cue: StudioCue
  index: number
  /** How many cues the list has (a windowed list tells assistive technology each row's place). */
  count: number
  selected: boolean
  playing: boolean
  /** The find box is on a match in this row. */
  findCurrent: boolean
  warnings: CueWarning[] | undefined
  actions: CueActions
  language: string
}

/**
 * A row renders again only when what it shows changed: a change to one cue (or the draft read back
 * from the device, all new objects) leaves the other 599 rows of a long video alone.
 */
function sameRow(before: Props, after: Props): boolean {
  return (
    sameCue(before.cue, after.cue) &&
    sameWarnings(before.warnings, after.warnings) &&
    before.index === after.index &&
    before.count === after.count &&
    before.selected === after.selected &&
    before.playing === after.playing &&
    before.findCurrent === after.findCurrent &&
    before.actions === after.actions &&
    before.language === after.language
  )
}

export const CueRow = memo(function CueRow({ cue, index, count, selected, playing, findCurrent, warnings, actions, language }: Props) {
  const { t } = useTranslation('studio')
  const textId = useId()
  const warningsId = useId()
  const timed = cue.start !== null && cue.end !== null
  const last = index === count - 1

  function commitTime(edge: 'start' | 'end', value: string) {
    const seconds = parseTime(value)
    if (seconds === null || cue.start === null || cue.end === null) return
    actions.setTimes(cue.id, edge === 'start' ? seconds : cue.start, edge === 'end' ? seconds : cue.end)
  }

  const className = ['studio-cue', selected ? 'is-selected' : '', playing ? 'is-playing' : '', findCurrent ? 'is-find-current' : '', warnings ? 'has-warnings' : ''].filter(Boolean).join(' ')
  return (
    <li className={className} tabIndex={-1} aria-posinset={index + 1} aria-setsize={count} onFocus={() => actions.select(cue.id)} onClick={() => actions.select(cue.id)} data-testid="studio-cue" data-cue-id={cue.id} data-index={index} data-find-current={findCurrent || undefined}>
      <div className="studio-cue-head">
        <span className="studio-cue-number">{index + 1}</span>
        {timed ? (
          <>
            <TimeField label={t('fix.start', { n: index + 1 })} value={cue.start ?? 0} onCommit={(value) => commitTime('start', value)} onNudge={(delta) => actions.nudge(cue.id, 'start', delta)} testId="cue-start" />
            <span aria-hidden="true">→</span>
            <TimeField label={t('fix.end', { n: index + 1 })} value={cue.end ?? 0} onCommit={(value) => commitTime('end', value)} onNudge={(delta) => actions.nudge(cue.id, 'end', delta)} testId="cue-end" />
          </>
        ) : (
          <span className="badge">{t('fix.untimed')}</span>
        )}
        <div className="studio-cue-tools">
          <button type="button" className="button button-ghost button-small" onClick={() => actions.play(cue)} disabled={!timed}>
            {t('fix.play')}
          </button>
        </div>
      </div>
      <label className="visually-hidden" htmlFor={textId}>
        {t('fix.text', { n: index + 1 })}
      </label>
      <textarea id={textId} className="studio-cue-text" lang={language} value={cue.text} rows={cue.text.includes('\n') ? 2 : 1} onChange={(event) => actions.edit(cue.id, 'text', event.target.value)} aria-describedby={warnings ? warningsId : undefined} data-testid="cue-text" />
      {warnings ? (
        <ul className="studio-warnings" id={warningsId} data-testid="cue-warnings">
          {warnings.map((warning) => (
            <li key={warning.kind}>{t(`warnings.${warning.kind}`, { ...warning })}</li>
          ))}
        </ul>
      ) : null}
      <div className="studio-cue-more">
          <button type="button" className="button button-ghost button-small" onClick={() => actions.split(cue.id)}>
          {t('fix.split')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => actions.join(cue.id)} disabled={last}>
          {t('fix.join')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => actions.remove(cue.id)}>
          {t('fix.remove')}
        </button>
      </div>
    </li>
  )
}, sameRow)

function TimeField({ label, value, onCommit, onNudge, testId }: { label: string; value: number; onCommit: (value: string) => void; onNudge: (delta: number) => void; testId: string }) {
  const { t } = useTranslation('studio')
  return (
    <span className="studio-time-field">
      <button type="button" className="studio-nudge" onClick={() => onNudge(-NUDGE_SECONDS)} aria-label={t('fix.earlier', { what: label })}>
        −
      </button>
      {/* Remounted with each new value, so a typed time is only read when the field is left. */}
      <input key={value} aria-label={label} defaultValue={formatTime(value)} inputMode="decimal" onBlur={(event) => onCommit(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && onCommit(event.currentTarget.value)} data-testid={testId} size={8} />
      <button type="button" className="studio-nudge" onClick={() => onNudge(NUDGE_SECONDS)} aria-label={t('fix.later', { what: label })}>
        +
      </button>
    </span>
  )
}
