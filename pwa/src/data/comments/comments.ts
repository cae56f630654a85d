/**
 * A video's comments: the server's list (premium and admins only) plus the ones this person posted
 * that still wait in the outbox (shown as pending) or were refused (shown with the reason). Posting
 * writes to the outbox only; the sync engine sends it, and it turns "sent" once the list has it.
 * Every list loaded is kept on the device (data/comments/comment-copies.ts), so with no answer from the network
 * the page shows the copy last seen, with when it was saved, instead of an error.
 */
import { useLiveData } from '../use-live-data.ts'
import { useCallback, useEffect, useRef, useState } from 'react'
import { COMMENT_MAX_CHARS } from '../../../../contract/limits.ts'
import type { Comment } from '../../../../contract/schemas/watching.ts'
import { countCharacters } from '../../../../contract/text.ts'
import { hasVisibleCharacter, stacksMarks } from '../../../../contract/visible-text.ts'
import { NetworkError } from '../api.ts'
import { fetchComments, saveCommentCopy } from './comment-copies.ts'
import { db } from '../db.ts'
import { connectivity } from '../runtime/connectivity.ts'
import { enqueue } from '../outbox/outbox.ts'
import type { CommentPayload } from '../outbox/registry.ts'

/** The spec's messages, word for word (section 8); the page translates them by key. */
export type CommentProblem = 'empty' | 'tooLong' | 'marks'

export function commentProblem(text: string): CommentProblem | null {
  const trimmed = text.trim()
  // Zero-width or filler characters alone read as nothing (the server's rule too).
  if (!hasVisibleCharacter(trimmed)) return 'empty'
  if (countCharacters(trimmed) > COMMENT_MAX_CHARS) return 'tooLong'
  // A run of accent marks past what any letter needs (the server refuses it: queued, it would be refused later).
  if (stacksMarks(trimmed)) return 'marks'
  return null
}

export interface LocalComment {
  clientId: string
  text: string
  createdAt: number
  state: 'pending' | 'refused'
  error?: string
}

export function useLocalComments(videoId: number): LocalComment[] {
  return (
    useLiveData(async () => {
      const mine = (payload: unknown) => (payload as CommentPayload).videoId === videoId
      const pending = await db.outbox.where('kind').equals('comment').toArray()
      const refused = (await db.deadLetters.toArray()).filter((item) => item.kind === 'comment')
      return [
        ...pending.filter((item) => mine(item.payload)).map((item) => ({ clientId: item.id, text: (item.payload as CommentPayload).text, createdAt: item.createdAt, state: 'pending' as const })),
        ...refused.filter((item) => mine(item.payload)).map((item) => ({ clientId: item.id, text: (item.payload as CommentPayload).text, createdAt: item.createdAt, state: 'refused' as const, error: item.error })),
      ].sort((a, b) => a.createdAt - b.createdAt)
    }, [videoId]) ?? []
  )
}

export type ServerComments =
  | { kind: 'loading' }
  /** The server's list, loaded on this visit. */
  | { kind: 'ready'; comments: Comment[] }
  /** No fresh list (no answer, or a refusal): the copy saved at `savedAt`. */
  | { kind: 'saved'; comments: Comment[]; savedAt: number }
  /** No answer from the network and no copy of this video's comments on the device. */
  | { kind: 'unreachable' }
  | { kind: 'failed' }

type Loaded = { kind: 'ready'; comments: Comment[] } | { kind: 'unreachable' } | { kind: 'failed' }

/**
 * Loads the list now, again whenever a pending comment leaves the outbox (it was sent), and again
 * when the network comes back. A list loaded replaces the device's copy.
 */
export function useServerComments(videoId: number, pendingCount: number): ServerComments {
  const copy = useLiveData(async () => (await db.commentCopies.get(videoId)) ?? null, [videoId])
  const [loaded, setLoaded] = useState<{ videoId: number; result: Loaded } | null>(null)
  const load = useCallback(async () => {
    try {
      const comments = await fetchComments(videoId)
      setLoaded({ videoId, result: { kind: 'ready', comments } })
      await saveCommentCopy(videoId, comments).catch((error: unknown) => console.warn('Could not keep the comments', error))
    } catch (error) {
      console.warn('Could not load comments', error)
      const result: Loaded = error instanceof NetworkError ? { kind: 'unreachable' } : { kind: 'failed' }
      // A failed refresh keeps the list already shown.
      setLoaded((previous) => (previous?.videoId === videoId && previous.result.kind === 'ready' ? previous : { videoId, result }))
    }
  }, [videoId])

  const previousPending = useRef(pendingCount)
  useEffect(() => {
    if (pendingCount < previousPending.current || previousPending.current === pendingCount) void load()
    previousPending.current = pendingCount
  }, [pendingCount, load])

  useEffect(() => {
    return connectivity.onUp(() => void load())
  }, [load])

  const result = loaded?.videoId === videoId ? loaded.result : null
  if (result?.kind === 'ready') return result
  // The copy is read before it is shown: a moment's wait rather than a wrong "nothing saved".
  if (!result || copy === undefined) return { kind: 'loading' }
  if (copy) return { kind: 'saved', comments: copy.comments, savedAt: copy.savedAt }
  return result
}

export async function postComment(videoId: number, text: string): Promise<string> {
  const payload: CommentPayload = { videoId, text: text.trim() }
  return enqueue('comment', payload)
}
