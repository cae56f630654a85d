/**
 * A short message at the bottom of the screen with one action ("Undo"), gone by itself after a while
 * or when dismissed. A live region, so a screen reader hears it; focus stays where it was.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

const SHOWN_MS = 10_000

export function Snackbar({ text, action, onAction, onClose }: { text: string; action?: string; onAction?: () => void; onClose: () => void }) {
  const { t } = useTranslation('words-progress')
  useEffect(() => {
    const timer = setTimeout(onClose, SHOWN_MS)
    return () => clearTimeout(timer)
  }, [text, onClose])
  return (
    <div className="snackbar" role="status" data-testid="snackbar">
      <p>{text}</p>
      {action && onAction ? (
        <button type="button" className="button button-small button-snackbar" onClick={onAction}>
          {action}
        </button>
      ) : (
        <button type="button" className="button button-small button-snackbar" onClick={onClose}>
          {t('rest.dismiss')}
        </button>
      )}
    </div>
  )
}
