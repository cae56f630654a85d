/** The caption files of one queued upload: waiting to be sent, saved, or refused with the server's lines as it wrote them. */
import { useTranslation } from 'react-i18next'
import type { CaptionState } from '../../data/uploads/upload-queue.ts'
import './captions.css'

export function QueuedCaptions({ captions }: { captions: CaptionState[] | undefined }) {
  const { t } = useTranslation('captions')
  if (!captions?.length) return null
  return (
    <div className="queued-captions" data-testid="queued-captions">
      {captions.map((caption) => {
        const language = t(`languageNames.${caption.language}`)
        if (caption.state === 'refused') {
          return (
            <div key={caption.language} role="alert" data-testid="caption-refused">
              <p className="form-error">{t('status.refused', { language, file: caption.fileName })}</p>
              <ul className="caption-errors form-error">
                {(caption.errors ?? []).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )
        }
        return (
          <p key={caption.language} className="muted small" data-testid={`caption-${caption.state}`}>
            {caption.state === 'saved' ? t('status.saved', { language, count: caption.cues ?? 0 }) : t('status.pending', { language })}
          </p>
        )
      })}
    </div>
  )
}
