/** The keyboard shortcuts, listed (those of the open step first). */
import { useTranslation } from 'react-i18next'
import type { Step } from './steps.ts'

const KEYS: Array<{ keys: string; what: string; steps: Step[] }> = [
  { keys: 'Space / Enter', what: 'nextLine', steps: ['time'] },
  { keys: '↑ / ↓', what: 'chooseCue', steps: ['fix'] },
  { keys: '[ / ]', what: 'nudgeStart', steps: ['fix'] },
  { keys: '{ / }', what: 'nudgeEnd', steps: ['fix'] },
  { keys: 'P', what: 'playCue', steps: ['fix'] },
  { keys: 'L', what: 'loopCue', steps: ['fix'] },
  { keys: 'Ctrl+F / ⌘F', what: 'find', steps: ['fix', 'english'] },
  { keys: 'Enter / Shift+Enter', what: 'findMove', steps: ['fix', 'english'] },
  { keys: 'Esc', what: 'findClose', steps: ['fix', 'english'] },
  { keys: 'Ctrl+Z / ⌘Z', what: 'undo', steps: ['fix', 'english'] },
]

export function Shortcuts({ step }: { step: Step }) {
  const { t } = useTranslation('studio')
  const sorted = [...KEYS].sort((a, b) => Number(b.steps.includes(step)) - Number(a.steps.includes(step)))
  return (
    <details className="studio-shortcuts" open={step === 'time' || step === 'fix'}>
      <summary>{t('shortcuts.summary')}</summary>
      <dl>
        {sorted.map((entry) => (
          <div key={entry.what} className={entry.steps.includes(step) ? 'is-now' : undefined}>
            <dt>
              <kbd>{entry.keys}</kbd>
            </dt>
            <dd>{t(`shortcuts.${entry.what}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
