/**
 * The pre-launch waitlist: an e-mail address posted to /api/v1/waitlist. `website` is a honeypot that
 * people never see or reach (hidden, no tab stop); bots fill it in and the server quietly drops them.
 */
import { useState } from 'react'
import type { TFunction } from 'i18next'

type State = 'idle' | 'sending' | 'done' | 'invalid' | 'offline' | 'failed'

export function WaitlistForm({ t }: { t: TFunction }) {
  const [state, setState] = useState<State>('idle')
  // A fixed id, not useId: the landing page is prerendered and must hydrate with the same ids.
  const id = 'waitlist'

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Read from the form itself: on the prerendered landing page someone may have typed before the
    // page finished hydrating, and that text is in the fields, not in any React state.
    const fields = new FormData(event.currentTarget)
    const email = String(fields.get('email') ?? '').trim()
    const website = String(fields.get('website') ?? '')
    setState('sending')
    // The API client loads with the first submit: the landing page needs it for nothing else.
    try {
      const { joinWaitlist } = await import('../../data/waitlist.ts')
      setState(await joinWaitlist(email, website))
    } catch {
      setState('offline') // the module itself did not load: no network
    }
  }

  if (state === 'done') {
    return (
      <p className="waitlist-done" role="status" data-testid="waitlist-done">
        {t('landing:waitlist.done')}
      </p>
    )
  }
  const message = state === 'invalid' || state === 'offline' || state === 'failed' ? t(`landing:waitlist.${state}`) : null
  return (
    <form className="waitlist" onSubmit={submit} data-testid="waitlist-form">
      <label htmlFor={`${id}-email`} className="waitlist-label">
        {t('landing:waitlist.label')}
      </label>
      <div className="waitlist-row">
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder={t('landing:waitlist.placeholder')}
        />
        <button type="submit" className="button" disabled={state === 'sending'}>
          {state === 'sending' ? t('landing:waitlist.sending') : t('landing:waitlist.join')}
        </button>
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t('landing:waitlist.honeypot')}</label>
        <input
          id={`${id}-website`}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <p className="waitlist-note">{t('landing:waitlist.note')}</p>
      <div role="alert">{message ? <p className="form-error">{message}</p> : null}</div>
    </form>
  )
}
