/**
 * The videos list's controls in one line above the videos (issue 32): the search field (an icon on a
 * phone until it is used), the active filters as chips that clear with one tap, two quick chips (free
 * videos, hide finished) and a Filters button that opens the rest in a sheet (a bottom sheet on a
 * phone): order, level, access, dialect, guide, captions and, once some video has a score, the
 * difficulty range. The line scrolls sideways rather than wrapping.
 */
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ACCESS_LEVELS, PROFICIENCY_LEVELS } from '../../../../contract/limits.ts'
import { CAPTION_LANGUAGES, DIALECTS } from '../../../../contract/vocabulary.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { CloseIcon, FiltersIcon, SearchIcon } from '../../components/icons.tsx'
import { DifficultyFilter } from '../compass/DifficultyFilter.tsx'
import { hasDialects } from '../languages/dialects.ts'
import { FULL_RANGE, isFullRange } from '../../data/compass/difficulty.ts'
import { byName, NO_FILTERS, type CatalogueFilters } from '../../data/catalogue/catalogue.ts'

type Set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => void

/** An active filter the line shows as a chip, and what clearing it sets. */
interface Active {
  key: string
  label: string
  clear: () => void
}

export function VideoFilters({
  language,
  filters,
  set,
  search,
  onSearch,
  guides,
  scored,
  shown,
}: {
  /** The list's learning language: which caption tracks and whether dialects are offered. */
  language: string
  filters: CatalogueFilters
  set: Set
  search: string
  onSearch: (text: string) => void
  guides: ReadonlyArray<{ id: number; name: string }>
  /** Some video has a difficulty score: the difficulty sort and range are offered. */
  scored: boolean
  /** How many videos the list shows now, for the sheet's button. */
  shown: number
}) {
  const { t } = useTranslation(['watch', 'compass', 'words-progress'])
  const { t: tc } = useTranslation('captions')
  const [sheet, setSheet] = useState(false)
  const searchId = useId()

  const active: Active[] = []
  if (filters.sort !== NO_FILTERS.sort) active.push({ key: 'sort', label: sortLabel(filters.sort), clear: () => set('sort', NO_FILTERS.sort) })
  if (filters.level) active.push({ key: 'level', label: t(`levels.${filters.level}`), clear: () => set('level', '') })
  if (filters.access && filters.access !== 'free') active.push({ key: 'access', label: t(`access.${filters.access}`), clear: () => set('access', '') })
  if (filters.dialect) active.push({ key: 'dialect', label: tc(`dialects.${filters.dialect}`), clear: () => set('dialect', '') })
  if (filters.guide) {
    const name = guides.find((guide) => String(guide.id) === filters.guide)?.name ?? tc('list.guide')
    active.push({ key: 'guide', label: name, clear: () => set('guide', '') })
  }
  if (filters.captions) active.push({ key: 'captions', label: t('list.captionsIn', { language: t(`list.captionLanguages.${filters.captions}`) }), clear: () => set('captions', '') })
  const range = filters.difficulty ?? FULL_RANGE
  if (!isFullRange(range)) active.push({ key: 'difficulty', label: t('list.difficultyChip', { min: range.min, max: range.max }), clear: () => set('difficulty', FULL_RANGE) })
  const inSheet = active.length

  function sortLabel(sort: CatalogueFilters['sort']) {
    if (sort === 'difficulty') return t('list.sortDifficulty', { ns: 'compass' })
    if (sort === 'comprehensible') return t('sort.comprehensible', { ns: 'words-progress' })
    return t(sort === 'newest' ? 'list.sortNewest' : sort === 'level' ? 'list.sortLevel' : 'list.sortForYou')
  }

  return (
    <div className="video-toolbar" role="search" data-testid="videos-toolbar">
      <div className="toolbar-search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('list.search')}
        </label>
        <span className="toolbar-search-icon" aria-hidden="true">
          <SearchIcon />
        </span>
        <input
          id={searchId}
          className="toolbar-search-input"
          type="search"
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          data-testid="videos-search"
        />
      </div>
      <div className="toolbar-chips">
        <button type="button" className="chip chip-button" onClick={() => setSheet(true)} aria-haspopup="dialog" data-testid="videos-filters">
          <FiltersIcon />
          <span>{t('list.filters')}</span>
          {inSheet > 0 ? (
            <span className="chip-count" data-testid="videos-filters-count">
              <span className="visually-hidden">{t('list.activeCount', { count: inSheet })}</span>
              <span aria-hidden="true">{inSheet}</span>
            </span>
          ) : null}
        </button>
        {active.map((filter) => (
          <button key={filter.key} type="button" className="chip chip-active" onClick={filter.clear} aria-label={t('list.removeFilter', { name: filter.label })} data-testid="videos-active-filter">
            <span>{filter.label}</span>
            <CloseIcon />
          </button>
        ))}
        <button type="button" className="chip" aria-pressed={filters.access === 'free'} onClick={() => set('access', filters.access === 'free' ? '' : 'free')} data-testid="videos-chip-free">
          {t('access.free')}
        </button>
        <button type="button" className="chip" aria-pressed={filters.hideFinished} onClick={() => set('hideFinished', !filters.hideFinished)} data-testid="videos-hide-finished">
          {t('list.hideFinished')}
        </button>
      </div>
      {sheet ? (
        <Dialog
          title={t('list.filters')}
          onClose={() => setSheet(false)}
          variant="sheet"
          testId="videos-filters-sheet"
          footer={
            <>
              {inSheet > 0 || filters.access || filters.hideFinished ? (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    for (const key of ['sort', 'level', 'access', 'dialect', 'guide', 'captions', 'difficulty', 'hideFinished'] as const) set(key, NO_FILTERS[key])
                  }}
                  data-testid="videos-clear-filters"
                >
                  {t('list.clearAll')}
                </button>
              ) : null}
              <button type="button" className="button" onClick={() => setSheet(false)} data-testid="videos-show-results">
                {t('list.showResults', { count: shown })}
              </button>
            </>
          }
        >
          <SheetFields language={language} filters={filters} set={set} guides={guides} scored={scored} sortLabel={sortLabel} />
        </Dialog>
      ) : null}
    </div>
  )
}

function SheetFields({
  language,
  filters,
  set,
  guides,
  scored,
  sortLabel,
}: {
  language: string
  filters: CatalogueFilters
  set: Set
  guides: ReadonlyArray<{ id: number; name: string }>
  scored: boolean
  sortLabel: (sort: CatalogueFilters['sort']) => string
}) {
  const { t, i18n } = useTranslation(['watch', 'compass', 'words-progress'])
  const { t: tc } = useTranslation('captions')
  const guidesByName = useMemo(() => byName(guides, i18n.language), [guides, i18n.language])
  const ids = { sort: useId(), level: useId(), access: useId(), dialect: useId(), guide: useId(), captions: useId() }
  const sorts: Array<CatalogueFilters['sort']> = ['for_you', 'comprehensible', 'newest', 'level', ...(scored || filters.sort === 'difficulty' ? (['difficulty'] as const) : [])]
  return (
    <div className="sheet-fields">
      <label className="sheet-field" htmlFor={ids.sort}>
        <span className="sheet-label">{t('list.sort')}</span>
        <select id={ids.sort} className="input" value={filters.sort} onChange={(event) => set('sort', event.target.value as CatalogueFilters['sort'])} data-testid="videos-sort">
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabel(sort)}
            </option>
          ))}
        </select>
      </label>
      <label className="sheet-field" htmlFor={ids.level}>
        <span className="sheet-label">{t('list.level')}</span>
        <select id={ids.level} className="input" value={filters.level} onChange={(event) => set('level', event.target.value as CatalogueFilters['level'])} data-testid="videos-level">
          <option value="">{t('list.allLevels')}</option>
          {PROFICIENCY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`levels.${level}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="sheet-field" htmlFor={ids.access}>
        <span className="sheet-label">{t('list.access')}</span>
        <select id={ids.access} className="input" value={filters.access} onChange={(event) => set('access', event.target.value as CatalogueFilters['access'])} data-testid="videos-access">
          <option value="">{t('list.allAccess')}</option>
          {ACCESS_LEVELS.map((access) => (
            <option key={access} value={access}>
              {t(`access.${access}`)}
            </option>
          ))}
        </select>
      </label>
      {hasDialects(language) || filters.dialect ? (
        <label className="sheet-field" htmlFor={ids.dialect}>
          <span className="sheet-label">{tc('list.dialect')}</span>
          <select id={ids.dialect} className="input" value={filters.dialect} onChange={(event) => set('dialect', event.target.value as CatalogueFilters['dialect'])} data-testid="videos-dialect">
            <option value="">{tc('list.allDialects')}</option>
            {DIALECTS.map((dialect) => (
              <option key={dialect} value={dialect}>
                {tc(`dialects.${dialect}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {guides.length > 0 || filters.guide ? (
        <label className="sheet-field" htmlFor={ids.guide}>
          <span className="sheet-label">{tc('list.guide')}</span>
          <select id={ids.guide} className="input" value={filters.guide} onChange={(event) => set('guide', event.target.value)} data-testid="videos-guide">
            <option value="">{tc('list.allGuides')}</option>
            {guidesByName.map((guide) => (
              <option key={guide.id} value={String(guide.id)}>
                {guide.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="sheet-field" htmlFor={ids.captions}>
        <span className="sheet-label">{tc('list.hasCaptions')}</span>
        <select id={ids.captions} className="input" value={filters.captions} onChange={(event) => set('captions', event.target.value as CatalogueFilters['captions'])} data-testid="videos-captions">
          <option value="">{t('list.anyCaptions')}</option>
          {CAPTION_LANGUAGES.filter((track) => track === language || track === 'en' || track === filters.captions).map((track) => (
            <option key={track} value={track}>
              {t(`list.captionLanguages.${track}`)}
            </option>
          ))}
        </select>
      </label>
      {scored || !isFullRange(filters.difficulty ?? FULL_RANGE) ? <DifficultyFilter value={filters.difficulty} onChange={(range) => set('difficulty', range)} /> : null}
    </div>
  )
}
