/**
 * "Save this line" among the line tools, and the key S: the line just heard (the one replay plays)
 * becomes a card with its English where the video has the track loaded, kept on the device and queued
 * for the server (data/cards/). A line saved already shows as saved (pressed); saving it again does
 * nothing and says "Saved" again. A screen reader hears either.
 */
import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { LineToSave } from '../../data/cards/card-types.ts'
import { useSavedStarts } from '../../data/cards/due.ts'
import { SAME_LINE_SECONDS } from '../../data/cards/card-types.ts'
import { toolLines } from '../controller.ts'
import { replayTarget, translationsFor } from '../lines.ts'
import { usePlayer, usePlayerController } from '../use-player.ts'
import { setSaveLineHandler } from '../save-line-key.ts'
import { Icon } from './icons.tsx'

/**
 * The card store (and the scheduler it starts a card with, ts-fsrs) is fetched at the first save, not
 * before the video page's first paint: it was most of a 32 KB chunk the page preloaded (issue 48).
 */
async function saveLine(line: LineToSave): Promise<{ outcome: 'saved' | 'already' }> {
  const { saveLine: save } = await import('../../data/cards/cards-store.ts')
  return save(line)
}

export function SaveLineTool({ videoId }: { videoId: number }) {
  const { t } = useTranslation('watch')
  const controller = usePlayerController()
  const start = usePlayer((state) => {
    const lines = toolLines(state)
    const index = replayTarget(lines, state.time)
    return index >= 0 ? lines[index].start : null
  })
  const savedStarts = useSavedStarts(videoId)
  const saved = start !== null && savedStarts.some((other) => Math.abs(other - start) <= SAME_LINE_SECONDS)

  const save = useCallback(async () => {
    const state = controller.state
    const lines = toolLines(state)
    const index = replayTarget(lines, state.time)
    if (index < 0) return
    const line = lines[index]
    const english = state.toolLanguage !== 'en' ? state.tracks.en?.lines : null
    const translation = english ? translationsFor([line], english)[0] || null : null
    const { outcome } = await saveLine({ videoId, start: line.start, end: line.end, text: line.text, translation })
    controller.store.set({ announcement: '' })
    controller.store.set({ announcement: outcome === 'saved' ? 'lineSaved' : 'lineAlreadySaved' })
  }, [controller, videoId])

  useEffect(() => {
    setSaveLineHandler(controller, () => void save())
    return () => setSaveLineHandler(controller, null)
  }, [controller, save])

  const name = saved ? t('player.savedLineLabel') : t('player.saveLineLabel')
  return (
    <button
      type="button"
      className={saved ? 'line-tool line-tool-saved' : 'line-tool'}
      aria-label={name}
      aria-pressed={saved}
      aria-keyshortcuts="S"
      title={`${name} (S)`}
      disabled={start === null}
      onClick={() => void save()}
      data-testid="line-save"
    >
      <Icon name={saved ? 'saved' : 'save'} />
      <span className="line-tool-label" aria-hidden="true">
        {saved ? t('player.savedLine') : t('player.saveLine')}
      </span>
    </button>
  )
}

/** "Save this line" in the word sheet: the line the tapped word is in. */
export function SaveWordLine({ videoId, line }: { videoId: number; line: { start: number; end: number; text: string } }) {
  const { t } = useTranslation('watch')
  const controller = usePlayerController()
  const savedStarts = useSavedStarts(videoId)
  const saved = savedStarts.some((other) => Math.abs(other - line.start) <= SAME_LINE_SECONDS)
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      aria-pressed={saved}
      onClick={() => {
        const english = controller.state.toolLanguage !== 'en' ? controller.state.tracks.en?.lines : null
        const translation = english ? translationsFor([line], english)[0] || null : null
        void saveLine({ videoId, start: line.start, end: line.end, text: line.text, translation }).then(({ outcome }) => {
          controller.store.set({ announcement: '' })
          controller.store.set({ announcement: outcome === 'saved' ? 'lineSaved' : 'lineAlreadySaved' })
        })
      }}
      data-testid="word-save-line"
    >
      {saved ? t('player.savedLine') : t('player.saveLineLabel')}
    </button>
  )
}
