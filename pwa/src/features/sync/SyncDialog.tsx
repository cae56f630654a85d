/** The sync indicator's dialog: what waits, when the last sync succeeded, and what the server refused. */
import { WATCH_EVENT_MAX_AGE_DAYS } from '../../../../contract/vocabulary.ts'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'
import { flushOutbox } from '../../data/outbox/background-sync.ts'
import { clearDeadLetters, useDeadLetters, useLastSync } from '../../data/outbox/outbox-state.ts'
import { useOnline } from '../../data/runtime/connectivity.ts'
import { refusalMessage } from './refusal-message.ts'

export default function SyncDialog({ onClose, pending }: { onClose: () => void; pending: number }) {
  const { t, i18n } = useTranslation(['watch', 'navbar'])
  const online = useOnline()
  const lastSync = useLastSync()
  const refused = useDeadLetters(50)
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const refusalText = (kind: string, error: string) => {
    const message = refusalMessage(kind, error)
    return 'text' in message ? message.text : t(message.key, { ns: message.ns, days: WATCH_EVENT_MAX_AGE_DAYS })
  }
  return (
    <Dialog title={t('sync.title')} onClose={onClose} testId="sync-dialog" footer={
      <>
        <button type="button" className="button button-secondary" onClick={() => void flushOutbox()} disabled={!online || pending === 0}>
          {t('sync.now')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('sync.close')}
        </button>
      </>
    }>
      <p data-testid="sync-pending">{pending > 0 ? t('sync.pendingCount', { count: pending, ns: 'navbar' }) : t('sync.allSent', { ns: 'navbar' })}</p>
      <p className="muted">{typeof lastSync === 'number' ? t('sync.lastSync', { time: time.format(new Date(lastSync)) }) : t('sync.never')}</p>
      {!online && pending > 0 ? <p className="muted">{t('sync.offline')}</p> : null}
      {refused.length > 0 ? (
        <>
          <h3 className="section-title">{t('sync.refusedTitle')}</h3>
          <p className="muted">{t('sync.refusedHint')}</p>
          <ul className="dead-letters" data-testid="dead-letters">
            {refused.map((item) => (
              <li key={item.id}>
                <strong>{t(`sync.kinds.${item.kind}`)}</strong> · {time.format(new Date(item.createdAt))}
                <br />
                <span className="form-error">{refusalText(item.kind, item.error)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-secondary button-small" onClick={() => void clearDeadLetters()} data-testid="dead-letters-clear">
            {t('sync.clearRefused')}
          </button>
        </>
      ) : null}
    </Dialog>
  )
}
