/**
 * Captions drawn by us over the picture, above the controls: the video's own language (Vietnamese or
 * Cantonese, with its readings), English or both (its own above, English below), at most one line of each track (overlapping cues never stack), in the
 * learner's size and background. The words of the video's own language are buttons of their own
 * (the word sheet: features/words), coloured by what the learner knows where she chose so. In
 * listening mode the words stay blurred until a tap or V reveals the line. Not a live region: a screen reader reads the transcript, not every cue as it passes.
 */
import { useTranslation } from 'react-i18next'
import type { CaptionLanguage } from '../../../../contract/schemas/captions.ts'
import { WordText } from '../../features/words/WordText.tsx'
import { useWordsContext } from '../../features/words/words-context.ts'
import { activeLine, anchorLine, type Line } from '../lines.ts'
import { toolLines, type PlayerState } from '../controller.ts'
import { usePlayer, usePlayerController } from '../use-player.ts'
import { Icon } from './icons.tsx'

const ORDER: CaptionLanguage[] = ['vi', 'yue', 'en']

function cueLine(state: PlayerState, language: CaptionLanguage): Line | null {
  const lines = state.prefs.captions[language] ? state.tracks[language]?.lines : null
  if (!lines) return null
  const index = activeLine(lines, state.time)
  return index >= 0 && lines[index].text ? lines[index] : null
}

function cueText(state: PlayerState, language: CaptionLanguage): string {
  return cueLine(state, language)?.text ?? ''
}

/** One track's line; in the words' language (and not hidden behind the reveal button) each word is a button. */
function Cue({ language, plain = false }: { language: CaptionLanguage; plain?: boolean }) {
  const line = usePlayer((state) => cueLine(state, language))
  const coloured = usePlayer((state) => state.prefs.wordColours)
  const words = useWordsContext()
  if (!line) return null
  return (
    <span className={`player-cue player-cue-${language}`} lang={language} data-testid={`player-cue-${language}`}>
      {!plain && words?.language === language ? <WordText line={line} coloured={coloured} /> : line.text}
    </span>
  )
}

export function CaptionOverlay() {
  const { t } = useTranslation('watch')
  const controller = usePlayerController()
  const size = usePlayer((state) => state.prefs.size)
  const background = usePlayer((state) => state.prefs.background)
  const any = usePlayer((state) => ORDER.some((language) => cueText(state, language) !== ''))
  const hidden = usePlayer((state) => state.prefs.listening && !state.revealed.has(anchorLine(toolLines(state), state.time)))
  if (!any) return null
  const className = ['player-captions', `player-captions-${size}`, `player-captions-${background}`, hidden ? 'is-hidden-text' : ''].join(' ')
  return (
    <div className={className} data-testid="player-captions">
      {hidden ? (
        <button type="button" className="player-reveal" onClick={() => controller.reveal()} aria-label={t('player.hiddenCaption')} aria-keyshortcuts="V" data-testid="player-reveal">
          <Icon name="eye" size={20} />
          <span className="player-reveal-cues">
            {ORDER.map((language) => (
              <Cue key={language} language={language} plain />
            ))}
          </span>
        </button>
      ) : (
        ORDER.map((language) => <Cue key={language} language={language} />)
      )}
    </div>
  )
}
