/** Under every admin table: the loading, empty and failure states, and the "load more" button. */
import { useTranslation } from 'react-i18next'
import type { CursorList } from '../../data/admin/use-cursor-list.ts'

export function ListFooter<T extends { id: number }>({ list, empty }: { list: CursorList<T>; empty: string }) {
  const { t } = useTranslation('admin')
  if (list.status === 'loading') {
    return (
      <p className="muted list-state" role="status">
        {t('list.loading')}
      </p>
    )
  }
  if (list.status === 'error' || list.status === 'offline') {
    return (
      <div className="list-state" role="alert">
        <p className="form-error">{list.status === 'offline' ? t('list.offline') : t('list.failed')}</p>
        <button type="button" className="button button-secondary button-small" onClick={list.reload}>
          {t('list.retry')}
        </button>
      </div>
    )
  }
  return (
    <div className={list.items.length === 0 ? 'list-state card list-empty' : 'list-state'}>
      <p className={list.items.length === 0 ? '' : 'muted'} role="status" data-testid="list-count">
        {list.items.length === 0 ? empty : t('list.shown', { count: list.items.length })}
      </p>
      {list.moreFailed ? (
        <p className="form-error" role="alert">
          {t('list.moreFailed')}
        </p>
      ) : null}
      {list.hasMore ? (
        <button type="button" className="button button-secondary" onClick={list.loadMore} disabled={list.loadingMore}>
          {list.loadingMore ? t('list.loadingMore') : t('list.loadMore')}
        </button>
      ) : null}
    </div>
  )
}
