/**
 * Under the player: how much of this video's words the learner knows ("You know 87% of the words ·
 * 12 new"), from the device's counts and states (the server's figure until the counts arrive), and
 * "I knew the rest" (issue 42 item 3): one press marks every word still new in the video as known,
 * with an undo. Once the video has ended, the offer says so. Nothing for a video without a transcript
 * she may read.
 */
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { VideoSummary } from '../../../../contract/schemas/catalogue.ts'
import { knownShare, setWordStates, useVideoWordCounts, useVideoWordsKept, useWordStates } from '../../data/words/index.ts'
import { Snackbar } from './Snackbar.tsx'
import { shareView } from './use-list-shares.ts'
import { WordShare } from './WordShare.tsx'

/** Whether video `id` has played to its end on this page, and the player's listener that says so (then `then`). */
export function useEnded(id: number, then: () => void): [boolean, () => void] {
  const [endedId, setEndedId] = useState<number | null>(null)
  const onEnded = useCallback(() => {
    setEndedId(id)
    then()
  }, [id, then])
  return [endedId === id, onEnded]
}

type Message = { text: string; undo?: { language: string; keys: string[] } }

/** `children`: what follows it under the player (the compass), shown whether or not the share is. */
export function VideoWords({ video, ended, online, children }: { video: VideoSummary; ended: boolean; online: boolean; children?: ReactNode }) {
  const { t } = useTranslation('words-progress')
  const language = video.language_code
  useVideoWordsKept(video, online)
  const counts = useVideoWordCounts(video.id)
  const states = useWordStates(language)
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const hintId = useId()
  const locked = !video.words || video.words.known_share === null
  const view = shareView(locked ? undefined : counts ? knownShare(counts, states) : video.words)
  const newKeys = useMemo(() => (counts ?? []).flatMap(([key]) => (states.get(key) === undefined || states.get(key) === 'new' ? [key] : [])), [counts, states])
  const close = useCallback(() => setMessage(null), [])
  if (!view) return <>{children}</>

  async function knewTheRest() {
    const keys = newKeys
    setBusy(true)
    try {
      await setWordStates(language, keys, 'known')
      setMessage({ text: t('rest.done', { count: keys.length }), undo: { language, keys } })
    } finally {
      setBusy(false)
    }
  }

  async function undo(change: { language: string; keys: string[] }) {
    await setWordStates(change.language, change.keys, 'new')
    setMessage({ text: t('rest.undone') })
  }

  return (
    <>
    <section className="video-words card" aria-label={t('progress.title')} data-testid="video-words">
      <div className="video-words-row">
        <WordShare t={t} {...view} />
        {newKeys.length > 0 ? (
          <button type="button" className={ended ? 'button' : 'button button-secondary button-small'} aria-describedby={hintId} disabled={busy} onClick={() => void knewTheRest()} data-testid="knew-the-rest">
            {t('rest.button', { count: newKeys.length })}
          </button>
        ) : null}
      </div>
      {newKeys.length > 0 ? (
        <p id={hintId} className={ended ? '' : 'muted small'} data-testid={ended ? 'knew-the-rest-after' : undefined}>
          {ended ? t('rest.afterVideo', { count: newKeys.length }) : t('rest.hint', { count: newKeys.length })}
        </p>
      ) : null}
      {message ? <Snackbar text={message.text} action={message.undo ? t('rest.undo') : undefined} onAction={message.undo ? () => void undo(message.undo!) : undefined} onClose={close} /> : null}
    </section>
    {children}
    </>
  )
}
