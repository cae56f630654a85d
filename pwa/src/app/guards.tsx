/**
 * The access rules of spec section 2, driven by the session's three states:
 * - public-only pages (/, /login) send signed-in visitors to /languages (a brand-new account to /register);
 * - signed-in pages send others to /;
 * - any other path goes to /languages when signed in, else to /;
 * - except right after a logout or a 401 on this page (`ended`, until /login has shown): then to /login.
 * While the session loads, a placeholder shows instead of a redirect that might be wrong.
 */
import { Navigate, Outlet } from 'react-router-dom'
import { useSession } from '../data/session/session.ts'
import { PageLoading } from './PageLoading.tsx'

export function PublicOnly() {
  const { status, welcomePending } = useSession()
  if (status === 'loading') return <PageLoading />
  if (status === 'signed-in') return <Navigate to={welcomePending ? '/register' : '/languages'} replace />
  return <Outlet />
}

export function RequireAuth() {
  const { status, ended } = useSession()
  if (status === 'loading') return <PageLoading />
  if (status === 'signed-out') return <Navigate to={ended ? '/login' : '/'} replace />
  return <Outlet />
}

export function Fallback() {
  const { status, ended } = useSession()
  if (status === 'loading') return <PageLoading />
  if (status === 'signed-in') return <Navigate to="/languages" replace />
  return <Navigate to={ended ? '/login' : '/'} replace />
}
