/**
 * The navbar's small sync indicator: how many items wait in the outbox, when the last sync
 * succeeded, and (in its dialog) the items the server refused. Quiet when all is sent.
 * The dialog is its own chunk, fetched when it is opened.
 */
import { lazy, Suspense, useState } from 'react'
import { createPortal } from 'react-dom'
import { LoadErrorBoundary } from '../../components/LoadErrorBoundary.tsx'
import { useOutboxCounts } from '../../data/outbox/outbox-state.ts'
import { useTranslation } from 'react-i18next'
import './sync-indicator.css'

const SyncDialog = lazy(() => import('./SyncDialog.tsx'))

export function SyncIndicator() {
  // The navbar's namespace, not the watch pages': every signed-in page shows this, and the watch
  // strings (2.3 KB gzip) would load with it on pages that play nothing (the languages page's budget).
  const { t } = useTranslation('navbar')
  const [open, setOpen] = useState(false)
  const { pending, refused } = useOutboxCounts()
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
      {open
        ? createPortal(
            <LoadErrorBoundary fallback={null}>
              <Suspense fallback={null}>
                <SyncDialog onClose={() => setOpen(false)} pending={pending} />
              </Suspense>
            </LoadErrorBoundary>,
            document.body,
          )
        : null}
    </>
  )
}
