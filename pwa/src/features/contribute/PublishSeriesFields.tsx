/** The publish form's series: none, an existing one of the language, or a new one with its description; then the episode number or "next". */
import { useTranslation } from 'react-i18next'
import { SERIES_DESCRIPTION_MAX_CHARS, SERIES_MODES, SERIES_NAME_MAX_CHARS } from '../../../../contract/vocabulary.ts'
import type { Series } from '../../../../contract/schemas/contributors.ts'
import { FormField } from '../../components/FormField.tsx'
import type { PublishFieldsProps } from './PublishDetailsFields.tsx'

export function PublishSeriesFields({
  draft,
  set,
  fieldId,
  series,
  seriesFailed,
  nextEpisode,
}: PublishFieldsProps & { series: Series[] | null; seriesFailed: boolean; nextEpisode: number | undefined }) {
  const { t } = useTranslation('contribute')
  return (
    <>
      <fieldset className="field">
        <legend className="field-label">{t('publish.fields.series')}</legend>
        <div className="contribute-radios">
          {SERIES_MODES.map((option) => (
            <label key={option} className="contribute-check">
              <input type="radio" name={fieldId('series-mode')} value={option} checked={draft.mode === option} onChange={() => set('mode', option)} />
              <span>{t(`publish.seriesMode.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {draft.mode === 'existing' ? (
        <FormField
          id={fieldId('series')}
          label={t('publish.fields.existingSeries')}
          after={
            <>
              {seriesFailed ? <p className="field-error">{t('publish.errors.seriesLoad')}</p> : null}
              {series && series.length === 0 ? <p className="field-hint">{t('publish.noSeries')}</p> : null}
            </>
          }
        >
          {(control) => (
            <select {...control} className="input" value={draft.seriesId} onChange={(event) => set('seriesId', event.target.value)}>
              <option value="">{series === null && !seriesFailed ? t('publish.loadingSeries') : t('publish.chooseSeries')}</option>
              {(series ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {draft.mode === 'new' ? (
        <>
          <FormField id={fieldId('new-series')} label={t('publish.fields.newSeriesName')}>
            {(control) => <input {...control} className="input" value={draft.newSeriesName} maxLength={SERIES_NAME_MAX_CHARS} onChange={(event) => set('newSeriesName', event.target.value)} />}
          </FormField>
          <FormField id={fieldId('new-series-description')} label={t('publish.fields.newSeriesDescription')}>
            {(control) => (
              <textarea
                {...control}
                className="input textarea"
                rows={2}
                value={draft.newSeriesDescription}
                maxLength={SERIES_DESCRIPTION_MAX_CHARS}
                onChange={(event) => set('newSeriesDescription', event.target.value)}
              />
            )}
          </FormField>
        </>
      ) : null}
      {draft.mode !== 'none' ? (
        <div className="field">
          <label className="contribute-check">
            <input type="checkbox" checked={draft.useNext} onChange={(event) => set('useNext', event.target.checked)} />
            <span>{nextEpisode ? t('publish.fields.nextEpisodeNumbered', { number: nextEpisode }) : t('publish.fields.nextEpisode')}</span>
          </label>
          {!draft.useNext ? (
            <>
              <label className="field-label" htmlFor={fieldId('episode')}>
                {t('publish.fields.episode')}
              </label>
              <input
                id={fieldId('episode')}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={draft.episode}
                onChange={(event) => set('episode', event.target.value)}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </>
  )
}
