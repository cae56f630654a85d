/**
 * The navbar's small sync indicator: how many items wait in the outbox, when the last sync
 * succeeded, and (in its dialog) the items the server refused. Quiet when all is sent.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { Dialog } from '../../components/Dialog.tsx'
import { db } from '../../data/db.ts'
import { syncEngine } from '../../data/outbox.ts'
import { useTranslation } from '../../i18n/react.ts'
import { useOnline } from '../pwa/useOnline.ts'
import './sync-indicator.css'

export function SyncIndicator() {
  const { t } = useTranslation('watch')
  const [open, setOpen] = useState(false)
  const pending = useLiveQuery(() => db.outbox.count(), []) ?? 0
  const refused = useLiveQuery(() => db.deadLetters.count(), []) ?? 0
  const label = refused > 0 ? t('sync.refusedCount', { count: refused }) : pending > 0 ? t('sync.pendingCount', { count: pending }) : t('sync.allSent')
  return (
    <>
      <button
        type="button"
        className={`button button-ghost button-small sync-indicator${refused > 0 ? ' sync-refused' : pending > 0 ? ' sync-pending' : ''}`}
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        data-testid="sync-indicator"
        data-pending={pending}
      >
        <span className="sync-dot" aria-hidden="true" />
        {pending > 0 || refused > 0 ? <span className="sync-count">{pending + refused}</span> : null}
      </button>
      {/* Out of the sticky navbar, whose stacking context would clip a fixed dialog. */}
      {open ? createPortal(<SyncDialog onClose={() => setOpen(false)} pending={pending} />, document.body) : null}
    </>
  )
}

function SyncDialog({ onClose, pending }: { onClose: () => void; pending: number }) {
  const { t, i18n } = useTranslation('watch')
  const online = useOnline()
  const lastSync = useLiveQuery(async () => (await db.records.get('lastSyncAt'))?.value ?? null, [])
  const refused = useLiveQuery(() => db.deadLetters.orderBy('failedAt').reverse().limit(50).toArray(), []) ?? []
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Dialog title={t('sync.title')} onClose={onClose} testId="sync-dialog" footer={
      <>
        <button type="button" className="button button-secondary" onClick={() => void syncEngine.flush()} disabled={!online || pending === 0}>
          {t('sync.now')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('sync.close')}
        </button>
      </>
    }>
      <p data-testid="sync-pending">{pending > 0 ? t('sync.pendingCount', { count: pending }) : t('sync.allSent')}</p>
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
                <span className="form-error">{item.error}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-secondary button-small" onClick={() => void db.deadLetters.clear()} data-testid="dead-letters-clear">
            {t('sync.clearRefused')}
          </button>
        </>
      ) : null}
    </Dialog>
  )
}
