/**
 * A list that pages by cursor ({data, next_cursor}): one of the admin lists (a route of the contract with
 * its filters, `adminLists` in admin-api.ts). The first page loads whenever the path (with its filters) changes, "load more" appends the next one, and a row can be replaced in place after an edit.
 * Each answer is kept with the path it belongs to, so an answer for an older path (fast typing in a
 * search box) is never shown, and a new path reads as loading until its own answer arrives.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '../../../../contract/schemas/catalogue.ts'
import type { RouteName } from '../../../../contract/routes.ts'
import { ApiError, NetworkError } from '../api.ts'
import { callRoute, pathOf } from '../api-call.ts'

/** A list route and its filters (empty ones are left out, so the server applies its defaults). */
export interface ListRequest {
  route: RouteName
  query?: Record<string, string | undefined>
}

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
  /** Takes a row out (an edit moved it out of the list's filter). */
  remove: (id: number) => void
}

interface Loaded<T> {
  /** The path and attempt this answer belongs to. */
  key: string
  status: Exclude<ListStatus, 'loading'>
  items: T[]
  cursor: string | null
  loadingMore: boolean
  moreFailed: boolean
}

function failureStatus(error: unknown): Loaded<never>['status'] {
  if (error instanceof NetworkError) return 'offline'
  if (error instanceof ApiError && error.status === 403) return 'forbidden'
  return 'error'
}

/** The filters of a list's path, as its query (the path is the list's identity: a string the hooks compare). */
const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''))

export function useCursorList<T extends { id: number }>(list: ListRequest): CursorList<T> {
  const { route } = list
  const path = pathOf(route, undefined, list.query)
  const [attempt, setAttempt] = useState(0)
  const key = `${attempt}:${path}`
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null)
  const currentKey = useRef(key)

  useEffect(() => {
    currentKey.current = key
    let stale = false
    ;(callRoute(route, undefined, undefined, queryOf(path)) as Promise<Page<T>>)
      .then((page) => {
        if (!stale) setLoaded({ key, status: 'ready', items: page.data, cursor: page.next_cursor, loadingMore: false, moreFailed: false })
      })
      .catch((error: unknown) => {
        if (!stale) setLoaded({ key, status: failureStatus(error), items: [], cursor: null, loadingMore: false, moreFailed: false })
      })
    return () => {
      stale = true
    }
  }, [key, route, path])

  const current = loaded?.key === key ? loaded : null

  const loadMore = useCallback(() => {
    if (!current || !current.cursor || current.loadingMore) return
    const forKey = current.key
    const update = (change: (value: Loaded<T>) => Loaded<T>) =>
      setLoaded((value) => (value && value.key === forKey ? change(value) : value))
    update((value) => ({ ...value, loadingMore: true, moreFailed: false }))
    ;(callRoute(route, undefined, undefined, { ...queryOf(path), cursor: current.cursor }) as Promise<Page<T>>)
      .then((page) =>
        update((value) => {
          // A row edited meanwhile may come again on a later page: keep one of each.
          const seen = new Set(value.items.map((row) => row.id))
          return { ...value, items: [...value.items, ...page.data.filter((row) => !seen.has(row.id))], cursor: page.next_cursor, loadingMore: false }
        }),
      )
      .catch(() => update((value) => ({ ...value, loadingMore: false, moreFailed: true })))
  }, [current, route, path])

  const replace = useCallback((item: T) => {
    setLoaded((value) => (value ? { ...value, items: value.items.map((row) => (row.id === item.id ? item : row)) } : value))
  }, [])

  const remove = useCallback((id: number) => {
    setLoaded((value) => (value ? { ...value, items: value.items.filter((row) => row.id !== id) } : value))
  }, [])

  const reload = useCallback(() => setAttempt((value) => value + 1), [])

  return {
    items: current?.items ?? [],
    status: current?.status ?? 'loading',
    hasMore: Boolean(current?.cursor),
    loadingMore: current?.loadingMore ?? false,
    moreFailed: current?.moreFailed ?? false,
    loadMore,
    reload,
    replace,
    remove,
  }
}
