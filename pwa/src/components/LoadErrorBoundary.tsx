/**
 * Catches a part of the app that failed to load (a lazy chunk fetched offline before the service worker
 * had cached it, a deploy that removed an old chunk) and says so with a way out, instead of a blank
 * screen. `resetKey` (the path) clears the error when the person goes elsewhere.
 */
import { Component, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

function LoadErrorMessage() {
  const { t } = useTranslation('common', { useSuspense: false })
  return (
    <div className="page">
      <div className="card load-error" role="alert">
        <p>{t('loadError.message', "This part of the app couldn't load. You may be offline.")}</p>
        <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
          {t('loadError.retry', 'Try again')}
        </button>
      </div>
    </div>
  )
}

interface Props {
  children: ReactNode
  resetKey?: string
  /** What to show instead; the default is the message above. Dialogs pass null and stay closed. */
  fallback?: ReactNode
}

export class LoadErrorBoundary extends Component<Props, { failed: boolean; key?: string }> {
  override state: { failed: boolean; key?: string } = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key?: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null
  }

  override componentDidCatch(error: unknown) {
    console.warn('A part of the app failed to load', error)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return this.props.fallback !== undefined ? this.props.fallback : <LoadErrorMessage />
  }
}
