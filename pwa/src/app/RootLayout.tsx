/**
 * The frame around every page: skip link, browser and offline notices, install offer,
 * and the navigation bar (signed in, everywhere except / and /login; a placeholder while the session loads).
 * The navigation bar and everything signed-in people need (Dexie included) load as their own chunk,
 * so the public pages stay light.
 */
import { Suspense, useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { LoadErrorBoundary } from '../components/LoadErrorBoundary.tsx'
import { CompatWarning } from '../features/compat/CompatWarning.tsx'
import { InstallBanner } from '../features/pwa/InstallBanner.tsx'
import { OfflineIndicator } from '../features/pwa/OfflineIndicator.tsx'
import { session, useSessionValue } from '../data/session/session.ts'
import { NavbarPlaceholder } from '../features/navbar/NavbarPlaceholder.tsx'
import { SignedInChrome } from './first-paint-parts.ts'

const NO_NAVBAR = new Set(['/', '/login'])

export function RootLayout() {
  const { t } = useTranslation('common')
  const status = useSessionValue((state) => state.status)
  const ended = useSessionValue((state) => state.ended)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const showChrome = !NO_NAVBAR.has(pathname)

  // A logout or a 401 sends the person to /login from any page, public ones included (the guards do
  // the same on theirs, so no other page flashes first). Once: /login clears `ended` when it shows,
  // and afterwards they may browse the public pages again and are sent to / from signed-in ones.
  // The effect may run after /login has already shown and cleared it, and after the person has moved
  // on (`navigate` changes with every move): so it asks the session as it is now, and never sends
  // anyone from /login to /login over a later move.
  useEffect(() => {
    if (ended && session.getState().ended && pathname !== '/login') navigate('/login', { replace: true })
  }, [ended, navigate, pathname])

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <CompatWarning />
      <OfflineIndicator />
      {showChrome && status === 'loading' ? <NavbarPlaceholder /> : null}
      {showChrome && status === 'signed-in' ? (
        <Suspense fallback={<NavbarPlaceholder />}>
          <SignedInChrome />
        </Suspense>
      ) : null}
      <LoadErrorBoundary resetKey={pathname}>
        <Outlet />
      </LoadErrorBoundary>
      {/* Signed in, the offer is a card in the videos list and an item of the user menu instead. */}
      {status === 'signed-in' && showChrome ? null : <InstallBanner />}
    </div>
  )
}
