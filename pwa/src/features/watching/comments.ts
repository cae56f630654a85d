/**
 * A video's comments: the server's list (premium and admins only) plus the ones this person posted
 * that still wait in the outbox (shown as pending) or were refused (shown with the reason). Posting
 * writes to the outbox only; the sync engine sends it, and it turns "sent" once the list has it.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useRef, useState } from 'react'
import { COMMENT_MAX_CHARS, LIST_MAX_LIMIT } from '../../../../contract/limits.ts'
import type { Comment } from '../../../../contract/schemas/watching.ts'
import { countCharacters } from '../../../../contract/text.ts'
import { hasVisibleCharacter } from '../../../../contract/text-rules.ts'
import { api } from '../../data/api.ts'
import { db } from '../../data/db.ts'
import { enqueue } from '../../data/outbox.ts'
import type { CommentPayload } from '../../data/outbox-senders.ts'

/** The spec's messages, word for word (section 8); the page translates them by key. */
export type CommentProblem = 'empty' | 'tooLong'

export function commentProblem(text: string): CommentProblem | null {
  const trimmed = text.trim()
  // Zero-width or filler characters alone read as nothing (the server's rule too).
  if (!hasVisibleCharacter(trimmed)) return 'empty'
  if (countCharacters(trimmed) > COMMENT_MAX_CHARS) return 'tooLong'
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
    useLiveQuery(async () => {
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

export type ServerComments = { kind: 'loading' } | { kind: 'ready'; comments: Comment[] } | { kind: 'failed' }

/** Loads the list now, and again whenever a pending comment leaves the outbox (it was sent). */
export function useServerComments(videoId: number, pendingCount: number): ServerComments {
  const [state, setState] = useState<ServerComments>({ kind: 'loading' })
  const load = useCallback(async () => {
    try {
      const page = await api.get<{ data: Comment[] }>(`/videos/${videoId}/comments?limit=${LIST_MAX_LIMIT}`)
      setState({ kind: 'ready', comments: page.data })
    } catch (error) {
      console.warn('Could not load comments', error)
      // A failed refresh keeps the list already shown; only a first failure is an error.
      setState((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed' }))
    }
  }, [videoId])

  const previousPending = useRef(pendingCount)
  useEffect(() => {
    if (pendingCount < previousPending.current || previousPending.current === pendingCount) void load()
    previousPending.current = pendingCount
  }, [pendingCount, load])

  return state
}

export async function postComment(videoId: number, text: string): Promise<string> {
  const payload: CommentPayload = { videoId, text: text.trim() }
  return enqueue('comment', payload)
}
