/**
 * /admin-lexicon (issue 42): an admin finds a language's entries by the start of their word, corrects
 * an entry's meanings, reading and note, and removes one (asked first). Learners' devices fetch the
 * lexicon again once it changes; a removed entry's word keeps its key (a learner's state of it stays).
 */
import { useState } from 'react'
import { LEXICON_LANGUAGES } from '../../../contract/vocabulary.ts'
import type { AdminLexiconEntry } from '../../../contract/schemas/words.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { adminApi, adminLists } from '../data/admin/admin-api.ts'
import { useCursorList } from '../data/admin/use-cursor-list.ts'
import { adminErrorKey } from '../features/admin/admin-errors.ts'
import { AdminOnly, NotAllowedPage } from '../features/admin/AdminOnly.tsx'
import { AdminTable } from '../features/admin/AdminTable.tsx'
import { EditLexiconEntryDialog, RemoveLexiconEntryDialog } from '../features/admin/LexiconEntryDialogs.tsx'
import { FilterSelect, SearchBar } from '../features/admin/SearchBar.tsx'
import { StatusMessage, type Outcome } from '../features/admin/StatusMessage.tsx'
import { useDebouncedValue } from '../features/admin/use-debounced-value.ts'
import { getSelectedLanguage } from '../features/languages/selected-language.ts'
import { formatDay } from '../components/format-date.ts'
import { useTranslation } from 'react-i18next'

type LexiconLanguage = (typeof LEXICON_LANGUAGES)[number]

export default function AdminLexiconPage() {
  return (
    <AdminOnly>
      <AdminLexicon />
    </AdminOnly>
  )
}

function AdminLexicon() {
  const { t, i18n } = useTranslation('admin')
  // The language picked in the top bar, when it has a lexicon; Vietnamese otherwise.
  const [language, setLanguage] = useState<LexiconLanguage>(() => LEXICON_LANGUAGES.find((code) => code === getSelectedLanguage()) ?? 'vi')
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim())
  const list = useCursorList<AdminLexiconEntry>(adminLists.lexicon(language, q))
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [editing, setEditing] = useState<AdminLexiconEntry | null>(null)
  const [removing, setRemoving] = useState<AdminLexiconEntry | null>(null)
  const [busy, setBusy] = useState(false)

  if (list.status === 'forbidden') return <NotAllowedPage />

  async function remove(entry: AdminLexiconEntry) {
    setBusy(true)
    setOutcome(null)
    try {
      await adminApi.removeLexiconEntry(entry.id)
      list.remove(entry.id)
      setOutcome({ kind: 'success', text: t('lexicon.removed', { word: entry.headword }) })
      setRemoving(null)
    } catch (error) {
      setOutcome({ kind: 'error', text: t(adminErrorKey(error)) })
      setRemoving(null)
    } finally {
      setBusy(false)
    }
  }

  return (
    <PageFrame title={t('lexicon.title')} wide>
      <p className="lead">{t('lexicon.intro')}</p>
      <SearchBar label={t('lexicon.search')} placeholder={t('lexicon.searchPlaceholder')} value={search} onChange={setSearch}>
        <FilterSelect<LexiconLanguage>
          label={t('lexicon.language')}
          value={language}
          options={LEXICON_LANGUAGES.map((code) => ({ value: code, label: t(`lexicon.languages.${code}`) }))}
          onChange={setLanguage}
        />
      </SearchBar>
      <StatusMessage outcome={outcome} />
      <AdminTable
        list={list}
        caption={t('lexicon.caption')}
        testId="admin-lexicon-table"
        rowTestId="admin-lexicon-row"
        columns={[t('lexicon.word'), t('lexicon.glosses'), t('lexicon.details'), t('lexicon.updated')]}
        empty={q ? t('lexicon.noMatch') : t('lexicon.empty')}
        cells={(entry) => (
          <>
            <th scope="row" data-label={t('lexicon.word')} className="cell-title">
              <span className="row-title" lang={entry.language_code}>
                {entry.headword}
              </span>
              <span className="muted row-meta">{t(`lexicon.source.${entry.source}`)}</span>
            </th>
            <td data-label={t('lexicon.glosses')} data-testid="lexicon-glosses">
              {entry.glosses.join('; ')}
            </td>
            <td data-label={t('lexicon.details')} className="cell-half">
              {entry.reading ? <span className="row-meta">{t('lexicon.readingIs', { reading: entry.reading })}</span> : null}
              {entry.note ? <span className="muted row-meta">{entry.note}</span> : null}
              {!entry.reading && !entry.note ? <span className="muted">–</span> : null}
            </td>
            <td data-label={t('lexicon.updated')} className="cell-half">
              {formatDay(entry.updated_at, i18n.language)}
            </td>
            <td className="cell-actions">
              <button type="button" className="button button-secondary button-small" aria-label={t('lexicon.editFor', { word: entry.headword })} onClick={() => setEditing(entry)}>
                {t('lexicon.edit')}
              </button>
              <button type="button" className="button button-secondary button-small" aria-label={t('lexicon.removeFor', { word: entry.headword })} onClick={() => setRemoving(entry)}>
                {t('lexicon.remove')}
              </button>
            </td>
          </>
        )}
      />
      {editing ? (
        <EditLexiconEntryDialog
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={(entry) => {
            list.replace(entry)
            setOutcome({ kind: 'success', text: t('lexicon.saved', { word: entry.headword }) })
          }}
        />
      ) : null}
      {removing ? <RemoveLexiconEntryDialog entry={removing} busy={busy} onCancel={() => setRemoving(null)} onConfirm={() => void remove(removing)} /> : null}
    </PageFrame>
  )
}
