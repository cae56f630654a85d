/**
 * The access rules of spec section 2, driven by the session's three states:
 * - public-only pages (/, /login) send signed-in visitors to /languages (a brand-new account to /register,
 *   or, when an accepted application made it a contributor, to the contributor dashboard: issue 41);
 * - signed-in pages send others to /;
 * - any other path shows a not-found page with a way back (to /languages signed in, else to /; issue 32);
 * - except right after a logout or a 401 on this page (`ended`, until /login has shown): then to /login.
 * While the session loads, a placeholder shows instead of a redirect that might be wrong.
 */
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../components/PageFrame.tsx'
import { useSessionValue } from '../data/session/session.ts'
import { PageLoading } from './PageLoading.tsx'

export function PublicOnly() {
  const status = useSessionValue((state) => state.status)
  const welcomePending = useSessionValue((state) => state.welcomePending)
  const contributor = useSessionValue((state) => state.user?.is_contributor === true && state.user.is_admin !== true)
  if (status === 'loading') return <PageLoading />
  if (status === 'signed-in') {
    const first = contributor ? '/contributor-dashboard' : '/register'
    return <Navigate to={welcomePending ? first : '/languages'} replace />
  }
  return <Outlet />
}

export function RequireAuth() {
  const status = useSessionValue((state) => state.status)
  const ended = useSessionValue((state) => state.ended)
  if (status === 'loading') return <PageLoading />
  if (status === 'signed-out') return <Navigate to={ended ? '/login' : '/'} replace />
  return <Outlet />
}

export function Fallback() {
  const status = useSessionValue((state) => state.status)
  const ended = useSessionValue((state) => state.ended)
  if (status === 'loading') return <PageLoading />
  if (status === 'signed-out' && ended) return <Navigate to="/login" replace />
  return <NotFound signedIn={status === 'signed-in'} />
}

/** A path that is no page: says so, and offers the way back instead of landing somewhere silently. */
function NotFound({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('common')
  const { pathname } = useLocation()
  return (
    <PageFrame title={t('notFound.title')}>
      <div className="not-found" data-testid="not-found">
        <p>{t('notFound.text', { path: pathname })}</p>
        <Link className="button" to={signedIn ? '/languages' : '/'} data-testid="not-found-back">
          {signedIn ? t('notFound.toLanguages') : t('notFound.toHome')}
        </Link>
      </div>
    </PageFrame>
  )
}
