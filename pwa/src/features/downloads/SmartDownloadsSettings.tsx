/** The smart downloads switch and its limits (how many videos, what budget, which level). */
import { useState } from 'react'
import { PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'
import { useTranslation } from 'react-i18next'
import { readSmartSettings, saveSmartSettings, type SmartSettings } from '../../data/downloads/smart-downloads.ts'

export function SmartDownloadsSettings() {
  const { t } = useTranslation('downloads')
  const [settings, setSettings] = useState<SmartSettings>(readSmartSettings)
  const change = (next: Partial<SmartSettings>) => {
    const merged = { ...settings, ...next }
    setSettings(merged)
    saveSmartSettings(merged)
  }
  return (
    <section className="card smart-downloads" aria-labelledby="smart-downloads-title">
      <h2 id="smart-downloads-title">{t('smart.title')}</h2>
      <p className="muted">{t('smart.explain')}</p>
      <label className="checkbox">
        <input type="checkbox" checked={settings.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
        <span>{t('smart.enable')}</span>
      </label>
      <div className="form-row">
        <label>
          <span>{t('smart.count')}</span>
          <select value={settings.count} onChange={(event) => change({ count: Number(event.target.value) })} disabled={!settings.enabled}>
            {[1, 2, 3, 5, 10].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('smart.budget')}</span>
          <select value={settings.budgetMb} onChange={(event) => change({ budgetMb: Number(event.target.value) })} disabled={!settings.enabled}>
            {[200, 500, 1000, 2000, 5000].map((mb) => (
              <option key={mb} value={mb}>
                {t('smart.budgetOption', { mb })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('smart.level')}</span>
          <select value={settings.level} onChange={(event) => change({ level: event.target.value })} disabled={!settings.enabled}>
            {PROFICIENCY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`levels.${level}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted small">{t('smart.wifiOnly')}</p>
    </section>
  )
}
