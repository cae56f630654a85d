/** Where the work is: kept on this device (at once), saved to the server (when asked, online), and the choice after a conflict. */
import { useTranslation } from 'react-i18next'
import type { StudioDraft, StudioTrack } from '../../data/studio/index.ts'
import type { SaveState } from './use-studio-save.ts'

interface Props {
  draft: StudioDraft
  kept: boolean
  state: SaveState
  onSave: () => void
  onKeepMine: (track: StudioTrack) => void
  onTakeTheirs: () => void
}

export function SaveBar({ draft, kept, state, onSave, onKeepMine, onTakeTheirs }: Props) {
  const { t } = useTranslation('studio')
  const trackName = (track: StudioTrack) => (track === 'en' ? t('tracks.en') : t('tracks.main'))
  const serverText = state.kind === 'saving' ? t('save.saving') : draft.unsaved || !kept ? t('save.notOnServer') : draft.savedAt ? t('save.onServer') : t('save.asLoaded')
  return (
    <div className="studio-savebar">
      <p className="studio-kept" role="status" data-testid="studio-kept" data-kept={kept ? 'true' : 'false'}>
        {kept ? t('save.kept') : t('save.keeping')}
      </p>
      <p className="muted" data-testid="studio-server-state">
        {serverText}
      </p>
      <button type="button" className="button button-small" onClick={onSave} disabled={state.kind === 'saving'} data-testid="studio-save">
        {t('save.button')}
      </button>
      {state.kind === 'offline' ? <p className="form-error" role="alert">{t('save.offline')}</p> : null}
      {state.kind === 'nothing' ? <p className="muted" role="alert">{t('save.nothing')}</p> : null}
      {state.kind === 'refused' ? (
        <div className="form-error" role="alert">
          <p>{t('save.refused', { track: trackName(state.track) })}</p>
          <ul>
            {state.errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.kind === 'conflict' ? (
        <div className="studio-conflict" role="alertdialog" aria-labelledby="studio-conflict-title" data-testid="studio-conflict">
          <p id="studio-conflict-title">
            <strong>{t('conflict.title', { track: trackName(state.track) })}</strong>
          </p>
          <p>{t('conflict.body')}</p>
          <div className="studio-actions">
            <button type="button" className="button button-small" onClick={() => onKeepMine(state.track)}>
              {t('conflict.keepMine')}
            </button>
            <button type="button" className="button button-secondary button-small" onClick={onTakeTheirs}>
              {t('conflict.takeTheirs')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
