/**
 * The frame every admin list shares: the table (only once there are rows, so an empty or failed list
 * shows its state alone) and the footer under it. On a phone each row becomes a card whose cells name
 * themselves through `data-label`, so a page's cells carry the same label as their column.
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ListFooter } from './ListFooter.tsx'
import type { CursorList } from '../../data/admin/use-cursor-list.ts'

interface AdminTableProps<T extends { id: number }> {
  list: CursorList<T>
  /** Read by screen readers only; the page title already names the list for sighted people. */
  caption: string
  testId: string
  rowTestId: string
  /** Added to `admin-table`, e.g. for rows that lead with a thumbnail. */
  className?: string
  /** Column headers before the actions column, in the order the row renders its cells. */
  columns: string[]
  /** What the footer says when the list has no rows. */
  empty: string
  /** The cells of one row, ending with its `cell-actions` cell. */
  cells: (item: T) => ReactNode
}

export function AdminTable<T extends { id: number }>({ list, caption, testId, rowTestId, className, columns, empty, cells }: AdminTableProps<T>) {
  const { t } = useTranslation('admin')
  return (
    <>
      {list.items.length > 0 ? (
        <div className="admin-table-wrap">
          <table className={className ? `admin-table ${className}` : 'admin-table'} data-testid={testId}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id} data-testid={rowTestId}>
                  {cells(item)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ListFooter list={list} empty={empty} />
    </>
  )
}
