/**
 * A list that pages by cursor ({data, next_cursor}): the first page loads whenever the path (with its
 * filters) changes, "load more" appends the next one, and a row can be replaced in place after an edit.
 * An answer for an older path is dropped, so fast typing in a search box never shows stale rows.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '../../../../contract/schemas/catalogue.ts'
import { api, ApiError, NetworkError } from '../../data/api.ts'

export type ListStatus = 'loading' | 'ready' | 'error' | 'offline' | 'forbidden'

export interface CursorList<T> {
  items: T[]
  status: ListStatus
  hasMore: boolean
  loadingMore: boolean
  /** Loading the next page failed (the rows already shown stay). */
  moreFailed: boolean
  loadMore: () => void
  reload: () => void
  replace: (item: T) => void
}

function failureStatus(error: unknown): ListStatus {
  if (error instanceof NetworkError) return 'offline'
  if (error instanceof ApiError && error.status === 403) return 'forbidden'
  return 'error'
}

export function useCursorList<T extends { id: number }>(path: string): CursorList<T> {
  const [items, setItems] = useState<T[]>([])
  const [status, setStatus] = useState<ListStatus>('loading')
  const [cursor, setCursor] = useState<string | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreFailed, setMoreFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const current = useRef(path)

  useEffect(() => {
    current.current = path
    let stale = false
    setStatus('loading')
    setMoreFailed(false)
    api
      .get<Page<T>>(path)
      .then((page) => {
        if (stale) return
        setItems(page.data)
        setCursor(page.next_cursor)
        setStatus('ready')
      })
      .catch((error: unknown) => {
        if (stale) return
        setItems([])
        setCursor(null)
        setStatus(failureStatus(error))
      })
    return () => {
      stale = true
    }
  }, [path, attempt])

  const loadMore = useCallback(() => {
    if (!cursor || loadingMore) return
    const forPath = path
    setLoadingMore(true)
    setMoreFailed(false)
    const separator = path.includes('?') ? '&' : '?'
    api
      .get<Page<T>>(`${path}${separator}cursor=${encodeURIComponent(cursor)}`)
      .then((page) => {
        if (current.current !== forPath) return
        // A row edited meanwhile may come again on a later page: keep one of each.
        setItems((rows) => {
          const seen = new Set(rows.map((row) => row.id))
          return [...rows, ...page.data.filter((row) => !seen.has(row.id))]
        })
        setCursor(page.next_cursor)
      })
      .catch(() => {
        if (current.current === forPath) setMoreFailed(true)
      })
      .finally(() => {
        if (current.current === forPath) setLoadingMore(false)
      })
  }, [cursor, loadingMore, path])

  const replace = useCallback((item: T) => {
    setItems((rows) => rows.map((row) => (row.id === item.id ? item : row)))
  }, [])

  const reload = useCallback(() => setAttempt((value) => value + 1), [])

  return { items, status, hasMore: cursor !== null, loadingMore, moreFailed, loadMore, reload, replace }
}
