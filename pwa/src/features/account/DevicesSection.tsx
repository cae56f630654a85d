/**
 * The devices list: every signed-in session with its device, when it signed in and was last active,
 * this one marked; sign out one, or every other. A device signed out here gets 401 at its next call and
 * goes to /login (its unsent outbox waits for the same person: data/local-cache.ts).
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountSession } from '../../../../contract/schemas/account.ts'
import { NetworkError } from '../../data/api.ts'
import { accountApi } from '../../data/account/account-api.ts'
import { deviceLabel } from './device-label.ts'
import { formatDayAndTime } from '../../components/format-date.ts'

type ListState = { kind: 'loading' } | { kind: 'ready'; sessions: AccountSession[] } | { kind: 'error' }

export function DevicesSection() {
  const { t, i18n } = useTranslation('account')
  const [list, setList] = useState<ListState>({ kind: 'loading' })
  const [busy, setBusy] = useState<string | null>(null)
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  // Bumped to read the list again (after a sign-out, or "try again").
  const [version, setVersion] = useState(0)
  const load = () => setVersion((value) => value + 1)
  useEffect(() => {
    let stale = false
    accountApi
      .sessions()
      .then((sessions) => !stale && setList({ kind: 'ready', sessions }))
      .catch(() => !stale && setList({ kind: 'error' }))
    return () => {
      stale = true
    }
  }, [version])

  const formatDate = (iso: string) => formatDayAndTime(iso, i18n.language)

  async function act(key: string, work: () => Promise<string | null>) {
    setBusy(key)
    setMessage(null)
    try {
      const done = await work()
      if (done) setMessage({ tone: 'success', text: done })
      load()
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof NetworkError ? t('devices.offline') : t('devices.actionFailed') })
    } finally {
      setBusy(null)
    }
  }

  const sessions = list.kind === 'ready' ? list.sessions : []
  const others = sessions.filter((session) => !session.current)

  return (
    <section className="card account-section account-devices" aria-labelledby="account-devices" data-testid="account-devices">
      <h2 id="account-devices">{t('devices.title')}</h2>
      <p className="account-text">{t('devices.body')}</p>
      {list.kind === 'loading' ? <p className="muted">{t('devices.loading')}</p> : null}
      {list.kind === 'error' ? (
        <p className="form-error" role="alert">
          {t('devices.failed')}{' '}
          <button type="button" className="button button-secondary button-small" onClick={load}>
            {t('devices.retry')}
          </button>
        </p>
      ) : null}
      {sessions.length > 0 ? (
        <ul className="device-list">
          {sessions.map((session) => {
            const name = deviceLabel(session.device, t) ?? t('devices.unknownDevice')
            return (
              <li key={session.id} className={session.current ? 'device current' : 'device'} data-testid="device" data-current={session.current}>
                <div className="device-text">
                  <span className="device-name">
                    {name}
                    {session.current ? <span className="role-pill device-this">{t('devices.thisDevice')}</span> : null}
                  </span>
                  <span className="device-dates">
                    <span>
                      {t('devices.signedIn')}: {formatDate(session.created_at)}
                    </span>
                    <span>
                      {t('devices.lastSeen')}: {formatDate(session.last_seen_at)}
                    </span>
                  </span>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('devices.signOutNamed', { device: name })}
                    disabled={busy !== null}
                    onClick={() => void act(session.id, async () => (await accountApi.signOut(session.id), null))}
                  >
                    {busy === session.id ? t('devices.signingOut') : t('devices.signOut')}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
      {list.kind === 'ready' ? (
        <div className="account-actions">
          {others.length > 0 ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== null}
              onClick={() => void act('others', async () => t('devices.signedOutOthers', { count: await accountApi.signOutOthers() }))}
            >
              {busy === 'others' ? t('devices.signingOut') : t('devices.signOutOthers')}
            </button>
          ) : (
            <p className="muted">{t('devices.onlyThisDevice')}</p>
          )}
        </div>
      ) : null}
      <p className={message?.tone === 'error' ? 'form-error' : 'form-success'} role="status">
        {message?.text ?? ''}
      </p>
    </section>
  )
}
