/**
 * One word's sheet: the word as segmented, each syllable with its tone named and marked (Vietnamese),
 * its glosses (or that no meaning is known yet), and New / Learning / Known / Ignore, the current one
 * pressed. A modal <dialog> (the top layer: above the picture in fullscreen too; Esc closes it): a
 * bottom sheet at phone width, a pop-over by the word on a wider screen. `children`: other features'
 * actions (saving the line).
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { jyutpingTone } from '../../../../contract/readings.ts'
import { tonesOf, type VietnameseTone } from '../../../../contract/tones.ts'
import { WORD_STATES } from '../../../../contract/vocabulary.ts'
import type { LexiconEntry } from '../../../../contract/schemas/words.ts'
import { setWordState, type WordState } from '../../data/words/index.ts'
import type { OpenWord } from './words-context.ts'

/** Each tone's own name (the Vietnamese term, in any UI language), and its mark shown on an "a". */
const TONE_NAMES: Record<VietnameseTone, string> = { ngang: 'ngang', huyen: 'huyền', sac: 'sắc', hoi: 'hỏi', nga: 'ngã', nang: 'nặng' }
const TONE_MARKS: Record<VietnameseTone, string> = { ngang: 'a', huyen: 'à', sac: 'á', hoi: 'ả', nga: 'ã', nang: 'ạ' }
/** Wider than this, the sheet is a pop-over by the word. */
const POPOVER_MIN_WIDTH = 641
const GAP = 8

/** Where the pop-over goes: under the word, or over it when there is no room below; inside the window. */
function placeBy(dialog: HTMLDialogElement, anchor: HTMLElement): void {
  if (window.innerWidth < POPOVER_MIN_WIDTH || !anchor.isConnected) {
    dialog.removeAttribute('style')
    return
  }
  const word = anchor.getBoundingClientRect()
  const box = dialog.getBoundingClientRect()
  const left = Math.min(Math.max(GAP, word.left + word.width / 2 - box.width / 2), window.innerWidth - box.width - GAP)
  const below = word.bottom + GAP
  const top = below + box.height <= window.innerHeight - GAP ? below : Math.max(GAP, word.top - GAP - box.height)
  dialog.style.left = `${left}px`
  dialog.style.top = `${top}px`
}

export function WordSheet({
  word,
  anchor,
  entry,
  state,
  onClose,
  children,
}: {
  word: OpenWord
  anchor: HTMLElement
  entry: LexiconEntry | undefined
  state: WordState
  onClose: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation('words')
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const headword = entry?.headword ?? word.text
  // A contributor's correction is already in the line's readings (the server applies it); the entry's own is the fallback.
  const reading = word.reading ?? entry?.reading ?? undefined

  // Opened before it is placed: a closed dialog has no size to place by.
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (!element.open) element.showModal()
    placeBy(element, anchor)
  }, [anchor, word.key, entry])

  return (
    <dialog
      ref={dialog}
      className="word-sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      data-testid="word-sheet"
    >
      <div className="word-sheet-body">
        <div className="word-sheet-head">
          <h2 id={titleId} className="word-sheet-word" lang={word.language}>
            {headword}
          </h2>
          <button type="button" className="word-sheet-close" aria-label={t('close')} onClick={onClose} data-testid="word-sheet-close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {reading ? (
          <p className="word-sheet-reading" lang={word.language === 'yue' ? 'yue-Latn' : undefined} data-testid="word-reading">
            {reading.split(' ').map((syllable, index) => (
              <span key={index}>
                {index > 0 ? ' ' : null}
                <span className={`word-reading-syllable word-reading-tone-${jyutpingTone(syllable) ?? 0}`}>{syllable}</span>
              </span>
            ))}
          </p>
        ) : null}
        {word.language === 'vi' ? (
          <ul className="word-tones" aria-label={t('tones')} data-testid="word-tones">
            {tonesOf(headword).map(({ syllable, tone }, index) => (
              <li key={index} className="word-tone">
                <span lang="vi" className="word-tone-syllable">
                  {syllable}
                </span>
                <span className="word-tone-name">
                  <span className={`word-tone-mark word-tone-${tone}`} aria-hidden="true" lang="vi">
                    {TONE_MARKS[tone]}
                  </span>
                  <span lang="vi" className="word-tone-term">
                    {TONE_NAMES[tone]}
                  </span>
                  <span className="word-tone-hint">{t(`tone.${tone}`)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {entry && entry.glosses.length > 0 ? (
          <ol className="word-glosses" lang="en" data-testid="word-glosses">
            {entry.glosses.map((gloss, index) => (
              <li key={index}>{gloss}</li>
            ))}
          </ol>
        ) : (
          <p className="word-sheet-unknown" data-testid="word-unknown">
            {t('noMeaning')}
          </p>
        )}
        {entry?.note ? <p className="word-sheet-note">{entry.note}</p> : null}
        <div className="word-states" role="group" aria-label={t('stateGroup')} data-testid="word-states">
          {WORD_STATES.map((choice) => (
            <button
              key={choice}
              type="button"
              className={`word-state-button word-state-${choice}`}
              aria-pressed={choice === state}
              onClick={() => void setWordState(word.language, word.key, choice)}
              data-testid={`word-state-${choice}`}
            >
              {t(`state.${choice}`)}
            </button>
          ))}
        </div>
        {children ? <div className="word-sheet-actions">{children}</div> : null}
      </div>
    </dialog>
  )
}
