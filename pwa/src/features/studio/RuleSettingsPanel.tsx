/** The warnings' numbers as settings (each language's from contract/caption-rules.ts to begin with). */
import { useTranslation } from 'react-i18next'
import type { RuleSettings } from './cue-rules.ts'

const FIELDS: Array<{ key: keyof RuleSettings; step: number }> = [
  { key: 'minSeconds', step: 0.1 },
  { key: 'maxSeconds', step: 0.5 },
  { key: 'maxLines', step: 1 },
  { key: 'maxCharsPerLine', step: 1 },
  { key: 'maxCharsPerSecond', step: 1 },
]

export function RuleSettingsPanel({ settings, onChange }: { settings: RuleSettings; onChange: (settings: RuleSettings) => void }) {
  const { t } = useTranslation('studio')
  return (
    <details className="studio-settings">
      <summary>{t('settings.summary')}</summary>
      <div className="studio-settings-fields">
        {FIELDS.map(({ key, step }) => (
          <label key={key} className="field">
            <span className="field-label">{t(`settings.${key}`)}</span>
            <input
              type="number"
              min={0}
              step={step}
              value={settings[key]}
              onChange={(event) => {
                const value = Number(event.target.value)
                if (Number.isFinite(value) && value > 0) onChange({ ...settings, [key]: value })
              }}
            />
          </label>
        ))}
      </div>
    </details>
  )
}
