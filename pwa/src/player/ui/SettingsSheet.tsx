/**
 * The one settings sheet: quality, speed and the captions' size and background, the double-tap
 * skip, and the words' choices (coloured on the picture, a pause while a word is open). A modal <dialog> (the browser keeps focus inside and Escape closes it; in fullscreen it sits
 * in the top layer above the picture); a bottom sheet on a phone, a panel on a desktop. Each choice
 * is a group of radio buttons: one tap, no dropdown.
 */
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaptionBackground, CaptionSize } from '../../data/preferences/player-prefs.ts'
import { SPEEDS } from '../controller.ts'
import { usePlayer, usePlayerController } from '../use-player.ts'
import { Icon } from './icons.tsx'

function Choice<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  testId,
}: {
  legend: string
  name: string
  options: Array<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
  testId: string
}) {
  return (
    <fieldset className="sheet-choice" data-testid={testId}>
      <legend>{legend}</legend>
      <div className="sheet-options">
        {options.map((option) => (
          <label key={option.value} className="sheet-option">
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function SettingsSheet() {
  const { t } = useTranslation('watch')
  const controller = usePlayerController()
  const open = usePlayer((state) => state.settingsOpen)
  const qualities = usePlayer((state) => state.qualities)
  const quality = usePlayer((state) => state.quality)
  const speed = usePlayer((state) => state.speed)
  const size = usePlayer((state) => state.prefs.size)
  const background = usePlayer((state) => state.prefs.background)
  const doubleTap = usePlayer((state) => state.prefs.doubleTapSkip)
  const wordColours = usePlayer((state) => state.prefs.wordColours)
  const pauseForWords = usePlayer((state) => state.prefs.pauseForWords)
  const jyutping = usePlayer((state) => state.prefs.jyutping !== false)
  const hasReadings = usePlayer((state) => 'yue' in state.tracks)
  const { t: tw } = useTranslation('words')
  const hasCaptions = usePlayer((state) => Object.keys(state.tracks).length > 0)
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const name = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  return (
    <dialog
      ref={dialog}
      className="player-sheet"
      aria-labelledby={titleId}
      onClose={() => controller.setSettingsOpen(false)}
      onClick={(event) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) controller.setSettingsOpen(false)
      }}
      data-testid="player-sheet"
    >
      <div className="player-sheet-body">
        <div className="player-sheet-head">
          <h2 id={titleId}>{t('player.settingsTitle')}</h2>
          <button type="button" className="player-icon-button sheet-close" aria-label={t('player.close')} onClick={() => controller.setSettingsOpen(false)} data-testid="player-sheet-close">
            <Icon name="close" />
          </button>
        </div>
        {qualities.length > 1 ? (
          <Choice
            legend={t('player.quality')}
            name={`${name}-quality`}
            options={[{ value: -1, label: t('player.auto') }, ...qualities.map((level) => ({ value: level.index, label: t('player.height', { height: level.height }) }))]}
            value={quality}
            onChange={(value) => controller.setQuality(value)}
            testId="player-quality"
          />
        ) : null}
        <Choice
          legend={t('player.speed')}
          name={`${name}-speed`}
          options={SPEEDS.map((value) => ({ value, label: t('player.rate', { rate: value }) }))}
          value={speed}
          onChange={(value) => controller.setSpeed(value)}
          testId="player-speed"
        />
        {hasCaptions ? (
          <>
            <Choice<CaptionSize>
              legend={t('player.captionSize')}
              name={`${name}-size`}
              options={(['s', 'm', 'l'] as const).map((value) => ({ value, label: t(`player.sizes.${value}`) }))}
              value={size}
              onChange={(value) => controller.setCaptionStyle({ size: value })}
              testId="player-caption-size"
            />
            <Choice<CaptionBackground>
              legend={t('player.captionBackground')}
              name={`${name}-background`}
              options={(['none', 'shadow', 'box'] as const).map((value) => ({ value, label: t(`player.backgrounds.${value}`) }))}
              value={background}
              onChange={(value) => controller.setCaptionStyle({ background: value })}
              testId="player-caption-background"
            />
          </>
        ) : null}
        <label className="sheet-check">
          <input type="checkbox" checked={doubleTap} onChange={(event) => controller.setCaptionStyle({ doubleTapSkip: event.target.checked })} />
          <span>{t('player.doubleTapSkip')}</span>
        </label>
        {hasCaptions ? (
          <>
            <label className="sheet-check">
              <input type="checkbox" checked={wordColours} onChange={(event) => controller.setCaptionStyle({ wordColours: event.target.checked })} data-testid="player-word-colours" />
              <span>{tw('settings.colours')}</span>
            </label>
            <label className="sheet-check">
              <input type="checkbox" checked={pauseForWords} onChange={(event) => controller.setCaptionStyle({ pauseForWords: event.target.checked })} data-testid="player-word-pause" />
              <span>{tw('settings.pause')}</span>
            </label>
            {hasReadings ? (
              <label className="sheet-check">
                <input type="checkbox" checked={jyutping} onChange={(event) => controller.setCaptionStyle({ jyutping: event.target.checked })} data-testid="player-jyutping" />
                <span>{tw('settings.jyutping')}</span>
              </label>
            ) : null}
          </>
        ) : null}
        <p className="muted small sheet-keys">{t('player.keys')}</p>
      </div>
    </dialog>
  )
}
