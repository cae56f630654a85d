/**
 * Feedback (spec sections 2, 4, 5, 8): editing → sending → success (thanks, then closes itself) or
 * error. Closing is blocked while sending. Each text gets one client_id, so sending it again after a
 * lost answer stores it once.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FEEDBACK_MAX_CHARS, FEEDBACK_MIN_CHARS, FEEDBACK_SUCCESS_CLOSE_MS } from '../../../../contract/limits.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { enqueue } from '../../data/outbox/outbox.ts'
import type { FeedbackPayload } from '../../data/outbox/registry.ts'
import { newClientId } from '../../data/client-id.ts'
import { session } from '../../data/session/session.ts'
import { collectEnvironmentData } from './environment-data.ts'
import { canSendFeedback, feedbackErrorMessage, feedbackLength, type FeedbackErrorMessage } from './feedback-rules.ts'

type FeedbackState =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'error'; message: FeedbackErrorMessage }
  | { kind: 'success' }

export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('common')
  const [text, setText] = useState('')
  const [state, setState] = useState<FeedbackState>({ kind: 'editing' })
  const attempt = useRef<{ text: string; clientId: string } | null>(null)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const counterId = useId()
  const fieldId = useId()
  const sending = state.kind === 'sending'
  const length = feedbackLength(text)

  useEffect(() => {
    if (state.kind !== 'success') return
    const timer = setTimeout(onClose, FEEDBACK_SUCCESS_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [state.kind, onClose])

  async function send(event: React.FormEvent) {
    event.preventDefault()
    if (!canSendFeedback(text, sending)) return
    const feedback = text.trim()
    if (attempt.current?.text !== feedback) attempt.current = { text: feedback, clientId: newClientId() }
    setState({ kind: 'sending' })
    try {
      // Into the outbox (offline too): the sync engine sends it; a server refusal lands in the dead letters.
      const payload: FeedbackPayload = {
        feedback,
        environment_data: collectEnvironmentData({
          navigator,
          screen: window.screen,
          window,
          pathname: window.location.pathname,
          appLanguage: i18n.language,
          sessionDuration: session.sessionDuration(),
          now: new Date(),
        }),
      }
      await enqueue('feedback', payload, { id: attempt.current.clientId })
      attempt.current = null
      setText('')
      setState({ kind: 'success' })
    } catch (error) {
      setState({ kind: 'error', message: feedbackErrorMessage(error) })
    }
  }

  const errorText =
    state.kind === 'error' ? ('text' in state.message ? state.message.text : t(`feedback.errors.${state.message.key}`)) : null

  return (
    <Dialog
      title={t('feedback.title')}
      onClose={onClose}
      canClose={!sending}
      initialFocus={textareaRef}
      testId="feedback-dialog"
      footer={
        state.kind === 'success' ? (
          <button type="button" className="button" onClick={onClose}>
            {t('close')}
          </button>
        ) : (
          <>
            <button type="button" className="button button-secondary" onClick={onClose} disabled={sending}>
              {t('cancel')}
            </button>
            <button type="submit" form={fieldId + '-form'} className="button" disabled={!canSendFeedback(text, sending)}>
              {sending ? t('feedback.sending') : t('feedback.send')}
            </button>
          </>
        )
      }
    >
      {state.kind === 'success' ? (
        <p className="form-success feedback-thanks" role="status" data-testid="feedback-success">
          {t('feedback.thanks')}
        </p>
      ) : (
        <form id={fieldId + '-form'} onSubmit={send} className="feedback-form">
          <label className="field-label" htmlFor={fieldId}>
            {t('feedback.label')}
          </label>
          <p className="field-hint">{t('feedback.hint', { min: FEEDBACK_MIN_CHARS, max: FEEDBACK_MAX_CHARS })}</p>
          <textarea
            ref={textareaRef}
            id={fieldId}
            className="input textarea"
            rows={6}
            value={text}
            readOnly={sending}
            aria-describedby={counterId}
            aria-invalid={length > FEEDBACK_MAX_CHARS}
            onChange={(event) => {
              setText(event.target.value)
              if (state.kind === 'error') setState({ kind: 'editing' })
            }}
          />
          <p
            id={counterId}
            className={length > FEEDBACK_MAX_CHARS ? 'counter counter-over' : 'counter'}
            data-testid="feedback-counter"
          >
            {t('feedback.counter', { count: length, max: FEEDBACK_MAX_CHARS })}
          </p>
          <div role="alert" className="feedback-error" data-testid="feedback-error">
            {errorText ? <p className="form-error">{errorText}</p> : null}
          </div>
        </form>
      )}
    </Dialog>
  )
}
