/**
 * The first placement (issue 42 item 4): the language's most frequent words, 25 at a time, each a
 * checkbox with its meaning; the ones ticked become known, a known one unticked becomes new again.
 * "Save and show more" keeps going down the list; "Done" saves and closes. Words the learner already
 * marked start ticked. Needs the network (the list is the server's); says so offline.
 */
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CommonWords } from '../../../../contract/schemas/words.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { NetworkError } from '../../data/api.ts'
import { fetchCommonWords, PLACEMENT_PAGE, skipPlacement } from '../../data/placement/placement.ts'
import { setWordStates, useWordStates } from '../../data/words/index.ts'
import './words-share.css'

type Page = { offset: number; status: 'loading' | 'offline' | 'failed' } | { offset: number; status: 'ready'; words: CommonWords }

export function PlacementDialog({ language, onClose }: { language: string; onClose: () => void }) {
  const { t } = useTranslation('words-progress')
  const states = useWordStates(language)
  const [page, setPage] = useState<Page>({ offset: 0, status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [ticked, setTicked] = useState<ReadonlySet<string> | null>(null)
  const [saving, setSaving] = useState(false)
  const [savedCount, setSavedCount] = useState(0)
  const groupId = useId()
  const offset = page.offset

  useEffect(() => {
    let live = true
    fetchCommonWords(language, offset).then(
      (words) => live && setPage({ offset, status: 'ready', words }),
      (error: unknown) => live && setPage({ offset, status: error instanceof NetworkError ? 'offline' : 'failed' }),
    )
    return () => {
      live = false
    }
  }, [language, offset, attempt])

  const words = page.status === 'ready' ? page.words : []
  const isKnown = (key: string) => states.get(key) === 'known' || states.get(key) === 'ignored'
  // Until she changes a box, the page shows what she has marked before.
  const checked = ticked ?? new Set(words.filter((word) => isKnown(word.key)).map((word) => word.key))
  const hasMore = page.status === 'ready' && words.length === PLACEMENT_PAGE

  function toggle(key: string) {
    const next = new Set(checked)
    if (next.has(key)) next.delete(key)
    else next.add(key)
    setTicked(next)
  }

  async function save(): Promise<number> {
    const known = words.filter((word) => checked.has(word.key)).map((word) => word.key)
    const unticked = words.filter((word) => !checked.has(word.key) && isKnown(word.key)).map((word) => word.key)
    await setWordStates(language, known.filter((key) => !isKnown(key)), 'known')
    await setWordStates(language, unticked, 'new')
    return known.length
  }

  async function next(close: boolean) {
    setSaving(true)
    try {
      const total = savedCount + (page.status === 'ready' ? await save() : 0)
      setSavedCount(total)
      if (close) {
        // Nothing known at all: she is offered it again from the progress page, not on every visit.
        if (total === 0 && states.size === 0) skipPlacement(language)
        onClose()
        return
      }
      setTicked(null)
      setPage({ offset: offset + PLACEMENT_PAGE, status: 'loading' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      title={t('placement.title')}
      onClose={onClose}
      canClose={!saving}
      variant="sheet"
      testId="placement-dialog"
      footer={
        <>
          <span className="muted small placement-count" role="status">
            {savedCount > 0 ? t('placement.saved', { count: savedCount }) : page.status === 'ready' ? t('placement.ticked', { count: checked.size }) : ''}
          </span>
          <button type="button" className={hasMore ? 'button button-secondary' : 'button'} onClick={() => void next(true)} disabled={saving} data-testid="placement-done">
            {t('placement.done')}
          </button>
          {hasMore ? (
            <button type="button" className="button" onClick={() => void next(false)} disabled={saving} data-testid="placement-more">
              {t('placement.more')}
            </button>
          ) : null}
        </>
      }
    >
      <p className="muted">{t('placement.intro')}</p>
      {page.status === 'loading' ? (
        <p className="muted" role="status">
          {t('placement.loading')}
        </p>
      ) : page.status !== 'ready' ? (
        <div role="alert">
          <p className="form-error">{t(page.status === 'offline' ? 'placement.offline' : 'placement.failed')}</p>
          <button type="button" className="button button-secondary button-small" onClick={() => setAttempt((value) => value + 1)}>
            {t('placement.retry')}
          </button>
        </div>
      ) : words.length === 0 ? (
        <p>{t('placement.none')}</p>
      ) : (
        <fieldset className="placement-words" aria-labelledby={groupId}>
          <legend id={groupId} className="visually-hidden">
            {t('placement.group', { from: offset + 1, to: offset + words.length })}
          </legend>
          {words.map((word) => (
            <label key={word.key} className="placement-word" data-testid="placement-word">
              <input type="checkbox" checked={checked.has(word.key)} onChange={() => toggle(word.key)} disabled={saving} />
              <span className="placement-word-text">
                <span className="placement-headword" lang={language}>
                  {word.headword}
                </span>
                <span className="placement-gloss">{word.glosses.length > 0 ? word.glosses.slice(0, 2).join('; ') : t('placement.noMeaning')}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  )
}
