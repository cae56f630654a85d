/**
 * Replace a video's thumbnails (product and YouTube). Each chosen file is checked at once (image by
 * its bytes, 5 MB at most); sending needs at least one. States: editing, saving, saved or error.
 */
import { useId, useState } from 'react'
import type { AdminVideo } from '../../../../contract/schemas/admin.ts'
import { THUMBNAIL_MAX_BYTES } from '../../../../contract/limits.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { ApiError } from '../../data/api.ts'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../data/admin/admin-api.ts'
import { adminErrorKey } from './admin-errors.ts'
import { checkThumbnail, type ThumbnailProblem } from './thumbnail-rules.ts'

type Slot = 'thumbnail' | 'youtubeThumbnail'
type Picked = { file: File | null; problem: ThumbnailProblem | null }
type State = { kind: 'editing' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; key: string }

const ACCEPT = 'image/jpeg,image/png,image/webp'
const MAX_MB = THUMBNAIL_MAX_BYTES / (1024 * 1024)

export function ThumbnailDialog({ video, onClose, onSaved }: { video: AdminVideo; onClose: () => void; onSaved: (video: AdminVideo) => void }) {
  const { t } = useTranslation('admin')
  const [picked, setPicked] = useState<Record<Slot, Picked>>({
    thumbnail: { file: null, problem: null },
    youtubeThumbnail: { file: null, problem: null },
  })
  const [state, setState] = useState<State>({ kind: 'editing' })
  const [shown, setShown] = useState(video)
  const formId = useId()
  const saving = state.kind === 'saving'

  async function choose(slot: Slot, file: File | null) {
    const problem = file ? await checkThumbnail(file) : null
    setPicked((value) => ({ ...value, [slot]: { file, problem } }))
    if (state.kind !== 'saving') setState({ kind: 'editing' })
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    const thumbnail = picked.thumbnail.file
    const youtubeThumbnail = picked.youtubeThumbnail.file
    if (!thumbnail && !youtubeThumbnail) {
      setState({ kind: 'error', key: 'thumbnails.required' })
      return
    }
    if (picked.thumbnail.problem || picked.youtubeThumbnail.problem) return
    setState({ kind: 'saving' })
    try {
      const updated = await adminApi.uploadThumbnails(video.id, { thumbnail, youtubeThumbnail })
      setShown(updated)
      onSaved(updated)
      setPicked({ thumbnail: { file: null, problem: null }, youtubeThumbnail: { file: null, problem: null } })
      setState({ kind: 'saved' })
    } catch (error) {
      let key: string = adminErrorKey(error)
      if (error instanceof ApiError && error.status === 413) key = 'thumbnails.tooLarge'
      else if (error instanceof ApiError && error.status === 415) key = 'thumbnails.notImage'
      else if (error instanceof ApiError && error.status === 422) key = 'thumbnails.required'
      else if (error instanceof ApiError && error.status === 409) key = 'thumbnails.noMedia'
      setState({ kind: 'error', key })
    }
  }

  const slot = (name: Slot, label: string, current: string | null) => {
    const problem = picked[name].problem
    const inputId = `${formId}-${name}`
    const hintId = `${inputId}-hint`
    return (
      <div className="field thumbnail-slot">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        <div className="thumbnail-current">
          {current ? (
            <img src={current} alt={t('thumbnails.currentAlt', { label })} width={160} height={90} />
          ) : (
            <span className="thumbnail-none">{t('thumbnails.none')}</span>
          )}
        </div>
        <input
          id={inputId}
          key={state.kind === 'saved' ? 'cleared' : 'picking'}
          type="file"
          accept={ACCEPT}
          disabled={saving}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => void choose(name, event.target.files?.[0] ?? null)}
        />
        <p id={hintId} className={problem ? 'field-error' : 'field-hint'}>
          {problem === 'type' ? t('thumbnails.notImage') : problem === 'size' ? t('thumbnails.tooLarge', { max: MAX_MB }) : t('thumbnails.hint', { max: MAX_MB })}
        </p>
      </div>
    )
  }

  return (
    <Dialog
      title={t('thumbnails.title')}
      onClose={onClose}
      canClose={!saving}
      testId="thumbnail-dialog"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={saving}>
            {state.kind === 'saved' ? t('dialog.done') : t('dialog.cancel')}
          </button>
          <button type="submit" form={formId} className="button" disabled={saving}>
            {saving ? t('thumbnails.uploading') : t('thumbnails.upload')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-dialog-form" onSubmit={onSubmit} noValidate>
        <p className="muted dialog-subject">{video.title}</p>
        <div className="thumbnail-slots">
          {slot('thumbnail', t('thumbnails.product'), shown.thumbnail_url)}
          {slot('youtubeThumbnail', t('thumbnails.youtube'), shown.youtube_thumbnail_url)}
        </div>
        <p className={state.kind === 'error' ? 'form-error' : 'form-success'} role="status" data-testid="thumbnail-status">
          {state.kind === 'error' ? t(state.key, { max: MAX_MB }) : state.kind === 'saved' ? t('thumbnails.saved') : ''}
        </p>
      </form>
    </Dialog>
  )
}
