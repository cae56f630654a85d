/**
 * The /submissions list: the first page loaded (and reloaded every few seconds while a video is being
 * uploaded or processed, so the percent moves without a reload), later pages on demand, and the list
 * changed in place after an action.
 */
import { useCallback, useEffect, useState } from 'react'
import type { Submission } from '../../../../contract/schemas/contributors.ts'
import { listSubmissions } from '../../data/uploads/submissions-api.ts'

const REFRESH_WHILE_PROCESSING_MS = 4_000

export function useSubmissionList(allowed: boolean) {
  const [items, setItems] = useState<Submission[] | null>(null)
  const [cursor, setCursor] = useState<string | number | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [loadingMore, setLoadingMore] = useState(false)

  const load = useCallback(
    () =>
      listSubmissions().then(
        (page) => {
          setItems((current) => mergeFirstPage(current, page.data))
          setCursor((current) => current ?? page.next_cursor)
          setLoadFailed(false)
        },
        () => setLoadFailed(true),
      ),
    [],
  )

  useEffect(() => {
    if (allowed) void load()
  }, [allowed, load])

  const busyOnServer = Boolean(
    items?.some((item) => item.upload.state === 'uploading' || item.processing.state === 'queued' || item.processing.state === 'processing'),
  )
  useEffect(() => {
    if (!busyOnServer) return
    const timer = setInterval(() => void load(), REFRESH_WHILE_PROCESSING_MS)
    return () => clearInterval(timer)
  }, [busyOnServer, load])

  /** The next page below what is shown; false when it could not be loaded. */
  async function loadMore(): Promise<boolean> {
    if (!cursor) return true
    setLoadingMore(true)
    try {
      const page = await listSubmissions(cursor)
      setItems((current) => [...(current ?? []), ...page.data.filter((item) => !current?.some((known) => known.id === item.id))])
      setCursor(page.next_cursor)
      return true
    } catch {
      return false
    } finally {
      setLoadingMore(false)
    }
  }

  const replace = (updated: Submission) => setItems((current) => current?.map((item) => (item.id === updated.id ? updated : item)) ?? null)
  const remove = (id: number) => setItems((current) => current?.filter((item) => item.id !== id) ?? null)

  return { items, cursor, loadFailed, loadingMore, load, loadMore, replace, remove }
}

/** Fresh first page over what is shown: known items updated in place, new ones on top, later pages kept. */
export function mergeFirstPage(current: Submission[] | null, fresh: Submission[]): Submission[] {
  if (!current) return fresh
  const byId = new Map(fresh.map((item) => [item.id, item]))
  const kept = current.map((item) => byId.get(item.id) ?? item)
  const added = fresh.filter((item) => !current.some((known) => known.id === item.id))
  return [...added, ...kept]
}
