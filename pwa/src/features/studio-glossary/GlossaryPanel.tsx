/**
 * The studio's glossary (issue 44 item 5): the words of the submission's captions that the lexicon
 * lacks, most frequent first, each with the first line it is said in; the contributor glosses a word in
 * place, and each gloss saved saves the whole glossary (PUT, as the contract has it). A refused entry
 * shows the server's sentence beside it; offline, the glosses stay on screen with a "try again".
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  GlossaryRejected,
  loadGlossarySuggestions,
  loadSavedGlossary,
  NetworkError,
  saveGlossary,
  type GlossaryEntryDraft,
  type GlossarySuggestion,
} from '../../data/studio-glossary/index.ts'
import { wordKey } from '../../../../contract/segment.ts'
import { WORD_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import { GlossaryRowView } from './GlossaryRowView.tsx'
import { entriesByKey, glossaryRows } from './glossary-rows.ts'
import './glossary.css'

/** @public: the studio screen (branch studio-core) embeds the panel with exactly these props. */
export interface GlossaryPanelProps {
  submissionId: string
  language: string
}

type SaveState = { state: 'idle' | 'saving' | 'saved' | 'offline' } | { state: 'failed'; message: string }
const PAGE = 40

// Memoised: the studio re-renders on every keystroke and drag, and the panel's props are two strings.
export const GlossaryPanel = memo(function GlossaryPanel({ submissionId, language }: GlossaryPanelProps) {
  const { t } = useTranslation('studio-panels')
  const [load, setLoad] = useState<'loading' | 'failed' | 'ready'>('loading')
  const [attempt, setAttempt] = useState(0)
  const [suggestions, setSuggestions] = useState<GlossarySuggestion[]>([])
  const [entries, setEntries] = useState<Map<string, GlossaryEntryDraft>>(new Map())
  const [editing, setEditing] = useState<string | null>(null)
  const [save, setSave] = useState<SaveState>({ state: 'idle' })
  const [rowErrors, setRowErrors] = useState<Map<string, string>>(new Map())
  const [shown, setShown] = useState(PAGE)
  const [newWord, setNewWord] = useState('')

  useEffect(() => {
    let current = true
    Promise.all([loadGlossarySuggestions(submissionId), loadSavedGlossary(submissionId)]).then(
      ([words, saved]) => {
        if (!current) return
        setSuggestions(words)
        setEntries(entriesByKey(saved, language))
        setLoad('ready')
      },
      () => current && setLoad('failed'),
    )
    return () => {
      current = false
    }
  }, [submissionId, language, attempt])

  const send = useCallback(
    async (next: Map<string, GlossaryEntryDraft>) => {
      // A word added by hand and not glossed yet is on screen only: the server takes no empty entry.
      const list = [...next.values()].filter((entry) => entry.glosses.some((gloss) => gloss.trim().length > 0))
      setEntries(next)
      setSave({ state: 'saving' })
      try {
        const kept = await saveGlossary(submissionId, list)
        setEntries((now) => new Map([...entriesByKey(kept, language), ...[...now].filter(([, entry]) => !entry.glosses.some((gloss) => gloss.trim()))]))
        setRowErrors(new Map())
        setSave({ state: 'saved' })
      } catch (error) {
        if (error instanceof GlossaryRejected) {
          setRowErrors(new Map([...error.byIndex].filter(([index]) => list[index]).map(([index, message]) => [wordKey(list[index]!.headword, language), message])))
          setSave({ state: 'failed', message: error.general[0] ?? t('glossary.status.rejected') })
        } else if (error instanceof NetworkError) setSave({ state: 'offline' })
        else setSave({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
      }
    },
    [submissionId, language, t],
  )

  const rows = useMemo(() => glossaryRows(suggestions, entries, language), [suggestions, entries, language])
  const glossed = rows.filter((row) => row.entry).length

  const saveEntry = (key: string, entry: GlossaryEntryDraft) => {
    const next = new Map(entries)
    next.set(key, entry)
    setEditing(null)
    void send(next)
  }
  const removeEntry = (key: string) => {
    const next = new Map(entries)
    next.delete(key)
    setEditing(null)
    void send(next)
  }
  const addWord = () => {
    const headword = newWord.trim().normalize('NFC')
    if (!headword) return
    const key = wordKey(headword, language)
    setNewWord('')
    if (!entries.has(key) && !rows.some((row) => row.key === key)) setEntries(new Map(entries).set(key, { headword, glosses: [] }))
    setEditing(key)
  }

  if (load === 'loading') return <section className="glossary-panel" aria-busy="true"><p className="muted">{t('glossary.loading')}</p></section>
  if (load === 'failed')
    return (
      <section className="glossary-panel">
        <p className="field-error" role="alert">{t('glossary.loadFailed')}</p>
        <button type="button" className="button button-secondary button-small" onClick={() => {
            setLoad('loading')
            setAttempt(attempt + 1)
          }}>
          {t('glossary.retry')}
        </button>
      </section>
    )

  return (
    <section className="glossary-panel" aria-labelledby="glossary-heading" data-testid="glossary-panel">
      <header className="glossary-header">
        <h2 id="glossary-heading">{t('glossary.title')}</h2>
        <p className="muted glossary-intro">{t('glossary.intro')}</p>
        <p className="glossary-count" data-testid="glossary-count">{t('glossary.count', { glossed, count: rows.length })}</p>
        <SaveStatus save={save} onRetry={() => void send(entries)} />
      </header>
      {rows.length === 0 ? (
        <p className="notice-inline">{t('glossary.empty')}</p>
      ) : (
        <ul className="glossary-list">
          {rows.slice(0, shown).map((row) => (
            <GlossaryRowView
              key={row.key}
              row={row}
              editing={editing === row.key}
              saving={save.state === 'saving'}
              error={rowErrors.get(row.key) ?? null}
              onEdit={() => setEditing(row.key)}
              onCancel={() => {
                setEditing(null)
                // A word added by hand and never glossed leaves the list again.
                if (!row.suggestion && row.entry && row.entry.glosses.length === 0) setEntries(new Map([...entries].filter(([key]) => key !== row.key)))
              }}
              onSave={(entry) => saveEntry(row.key, entry)}
              onRemove={row.entry && row.entry.glosses.length > 0 ? () => removeEntry(row.key) : null}
            />
          ))}
        </ul>
      )}
      {rows.length > shown && (
        <button type="button" className="button button-secondary button-small glossary-more" onClick={() => setShown(shown + PAGE)}>
          {t('glossary.more', { count: Math.min(PAGE, rows.length - shown) })}
        </button>
      )}
      <form
        className="glossary-add"
        onSubmit={(event) => {
          event.preventDefault()
          addWord()
        }}
      >
        <label className="field">
          <span className="field-label">{t('glossary.addWord')}</span>
          <span className="glossary-add-line">
            <input className="input" value={newWord} maxLength={WORD_MAX_CHARS} onChange={(event) => setNewWord(event.target.value)} />
            <button type="submit" className="button button-secondary button-small" disabled={!newWord.trim()}>
              {t('glossary.add')}
            </button>
          </span>
        </label>
      </form>
    </section>
  )
})

function SaveStatus({ save, onRetry }: { save: SaveState; onRetry(): void }) {
  const { t } = useTranslation('studio-panels')
  if (save.state === 'idle') return null
  if (save.state === 'saving' || save.state === 'saved')
    return (
      <p className={save.state === 'saved' ? 'form-success glossary-status' : 'muted glossary-status'} role="status" data-testid="glossary-status">
        {t(`glossary.status.${save.state}`)}
      </p>
    )
  return (
    <div className="glossary-status glossary-status-problem" role="alert" data-testid="glossary-status">
      <span className="field-error">{save.state === 'failed' ? t('glossary.status.failed', { message: save.message }) : t('glossary.status.offline')}</span>
      <button type="button" className="button button-secondary button-small" onClick={onRetry}>
        {t('glossary.retry')}
      </button>
    </div>
  )
}
