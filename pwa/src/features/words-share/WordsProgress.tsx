/**
 * The progress page's words (issue 42 items 4 and 5): how many words she knows in this language, how
 * many became known each month (from when each was marked, on the device, so offline too), and the
 * placement offered again.
 */
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { unskipPlacement } from '../../data/placement/placement.ts'
import { useWordStateRecords } from '../../data/words/index.ts'
import { knownByMonth } from './known-by-month.ts'
import { PlacementDialog } from './PlacementDialog.tsx'
import './words-share.css'

const MONTHS_SHOWN = 12

export function WordsProgress({ code }: { code: string }) {
  const { t, i18n } = useTranslation('words-progress')
  const records = useWordStateRecords(code)
  const [placing, setPlacing] = useState(false)
  const known = useMemo(() => (records ?? []).filter((record) => record.state === 'known').length, [records])
  const months = useMemo(() => knownByMonth(records ?? []).slice(-MONTHS_SHOWN), [records])
  const monthName = useMemo(() => new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : i18n.language, { month: 'short', year: 'numeric' }), [i18n.language])
  const most = Math.max(1, ...months.map((month) => month.count))
  if (records === undefined) return null
  return (
    <section className="card progress-section" aria-labelledby="words-progress-title" data-testid="words-progress">
      <h2 id="words-progress-title" className="section-title">
        {t('progress.title')}
      </h2>
      <p className="muted">{t('progress.known')}</p>
      <p className="words-progress-known" data-testid="words-known">
        {t('progress.knownCount', { count: known })}
      </p>
      {months.length > 0 ? (
        <>
          <h3 className="small">{t('progress.byMonth')}</h3>
          <ul className="words-progress-months" data-testid="words-by-month">
            {months.map(({ month, count }) => {
              const [year, number] = month.split('-').map(Number)
              return (
                <li key={month} className="words-progress-month">
                  <span>{monthName.format(new Date(year, number - 1, 1))}</span>
                  <span className="words-progress-bar" aria-hidden="true">
                    <span style={{ width: `${(count / most) * 100}%` }} />
                  </span>
                  <span>{t('progress.monthCount', { count })}</span>
                </li>
              )
            })}
          </ul>
        </>
      ) : (
        <p className="muted">{t('progress.noneYet')}</p>
      )}
      <p className="muted small">{t('progress.placementHint')}</p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          unskipPlacement(code)
          setPlacing(true)
        }}
        data-testid="words-placement"
      >
        {t('progress.placement')}
      </button>
      {placing ? <PlacementDialog language={code} onClose={() => setPlacing(false)} /> : null}
    </section>
  )
}
