/** Under the line tools: the other way to play (watching or listening), where it can play now, and what listening does. */
import { useTranslation } from 'react-i18next'

export function ListenSwitch({ listening, canSwitch, onSwitch }: { listening: boolean; canSwitch: boolean; onSwitch: (listening: boolean) => void }) {
  const { t } = useTranslation('watch')
  if (!canSwitch) return listening ? <p className="muted small listen-switch">{t('video.listeningHint')}</p> : null
  return (
    <div className="listen-switch">
      <button type="button" className="button button-secondary button-small" onClick={() => onSwitch(!listening)} data-testid="listen-switch" aria-pressed={listening}>
        {listening ? t('video.watchInstead') : t('video.listenInstead')}
      </button>
      <span className="muted small">{listening ? t('video.listeningHint') : t('video.listenHint')}</span>
    </div>
  )
}
