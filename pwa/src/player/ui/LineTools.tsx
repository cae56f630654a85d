/**
 * The line tools under the picture, thumb-sized: previous, replay and next line, a slow replay
 * (once at 0.75×), loop this line, auto-pause after each line; then which captions show (the video's own
 * language, English, each on or off) and the listening mode. Each says its key (aria-keyshortcuts, and the
 * title a mouse shows). Toggles are pressed buttons, so a screen reader says on or off.
 */
import { useTranslation } from 'react-i18next'
import { CAPTION_LANGUAGES } from '../../../../contract/vocabulary.ts'
import { toolLines } from '../controller.ts'
import { nextTarget } from '../lines.ts'
import { usePlayer, usePlayerController } from '../use-player.ts'
import { Icon, type IconName } from './icons.tsx'
import { SaveLineTool } from './SaveLineTool.tsx'

function Tool({
  icon,
  label,
  name,
  shortcut,
  pressed,
  disabled,
  onPress,
  testId,
}: {
  icon: IconName
  label: string
  name: string
  shortcut?: string
  pressed?: boolean
  disabled?: boolean
  onPress: () => void
  testId: string
}) {
  return (
    <button
      type="button"
      className="line-tool"
      aria-label={name}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${name} (${shortcut})` : name}
      disabled={disabled}
      onClick={onPress}
      data-testid={testId}
    >
      <Icon name={icon} />
      <span className="line-tool-label" aria-hidden="true">
        {label}
      </span>
    </button>
  )
}

export function LineTools({ videoId }: { videoId?: number }) {
  const { t } = useTranslation('watch')
  const { t: tc } = useTranslation('captions')
  const controller = usePlayerController()
  const hasLines = usePlayer((state) => toolLines(state).length > 0)
  const atLast = usePlayer((state) => nextTarget(toolLines(state), state.time) < 0)
  const autoPause = usePlayer((state) => state.prefs.autoPause)
  const looping = usePlayer((state) => state.loopLine >= 0)
  const slow = usePlayer((state) => state.slowLine >= 0)
  const listening = usePlayer((state) => state.prefs.listening)
  const captions = usePlayer((state) => state.prefs.captions)
  const languages = usePlayer((state) => Object.keys(state.tracks).join(' '))
  const available = CAPTION_LANGUAGES.filter((language) => languages.split(' ').includes(language))
  if (available.length === 0) return null
  return (
    <div className="line-tools" role="group" aria-label={t('player.lineTools')} data-testid="line-tools">
      <div className="line-tools-row">
        <Tool icon="previous" label={t('player.previousLine')} name={t('player.previousLineLabel')} shortcut="A" disabled={!hasLines} onPress={() => controller.previousLine()} testId="line-previous" />
        <Tool icon="replay" label={t('player.replayLine')} name={t('player.replayLineLabel')} shortcut="R" disabled={!hasLines} onPress={() => controller.replayLine()} testId="line-replay" />
        <Tool icon="next" label={t('player.nextLine')} name={t('player.nextLineLabel')} shortcut="D" disabled={!hasLines || atLast} onPress={() => controller.nextLine()} testId="line-next" />
        <Tool icon="slow" label={t('player.slowReplay')} name={t('player.slowReplayLabel')} pressed={slow} disabled={!hasLines} onPress={() => controller.slowReplay()} testId="line-slow" />
        <Tool icon="loop" label={t('player.loop')} name={t('player.loopLabel')} pressed={looping} disabled={!hasLines} onPress={() => controller.toggleLoop()} testId="line-loop" />
        <Tool icon="autoPause" label={t('player.autoPause')} name={t('player.autoPauseLabel')} shortcut="P" pressed={autoPause} disabled={!hasLines} onPress={() => controller.toggleAutoPause()} testId="line-auto-pause" />
        {videoId === undefined ? null : <SaveLineTool videoId={videoId} />}
      </div>
      <div className="line-tools-row line-tools-captions" role="group" aria-labelledby="player-caption-tracks">
        <span className="line-tools-caption-label" id="player-caption-tracks">
          {t('player.captionTracks')}
        </span>
        {available.map((language) => (
          <button
            key={language}
            type="button"
            className="caption-chip"
            aria-pressed={Boolean(captions[language])}
            onClick={() => controller.setCaptions({ ...captions, [language]: !captions[language] })}
            data-testid={`captions-${language}`}
            lang={language}
          >
            {tc(`languages.${language}`)}
          </button>
        ))}
        <span className="line-tools-spacer" />
        <button
          type="button"
          className="caption-chip listening-chip"
          aria-pressed={listening}
          aria-label={t('player.listeningLabel')}
          onClick={() => controller.toggleListening()}
          data-testid="listening-mode"
        >
          <Icon name="listen" size={20} />
          <span aria-hidden="true">{t('player.listening')}</span>
        </button>
      </div>
    </div>
  )
}
