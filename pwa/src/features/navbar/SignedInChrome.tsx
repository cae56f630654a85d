/**
 * Everything a signed-in page adds around its content: the navigation bar, the new-version prompt, the
 * settings and feedback dialogs, and keeping the local database in step with the session (the user cached, the language
 * list refreshed once the session has loaded, all of it forgotten on logout and kept for the same
 * person after a 401).
 * The keepers that work in the background load only when they have work, so they stay off first paint:
 * the sync engine once the outbox holds something (data/outbox/background-sync.ts), the downloads keeper once
 * something is downloaded or smart downloads are on, the upload queue for contributors and admins.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { LoadErrorBoundary } from '../../components/LoadErrorBoundary.tsx'
import { claimLocalData, clearLocalData, saveUser } from '../../data/local-cache.ts'
import { stopBackgroundSync, useBackgroundSync } from '../../data/outbox/background-sync.ts'
import { useDownloadsNeeded } from '../../data/downloads/use-downloads-needed.ts'
import { refreshLanguages } from '../../data/catalogue/languages.ts'
import { resetDailyProgress } from '../../data/progress/daily-progress.ts'
import { session, useSessionValue } from '../../data/session/session.ts'
import { useAccountPreferences } from '../settings/use-account-preferences.ts'
import { closeDialog, useOpenDialog } from './dialogs.ts'
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx'
import { Navbar } from './Navbar.tsx'

const SettingsDialog = lazy(() => import('../settings/SettingsDialog.tsx'))
const FeedbackDialog = lazy(() => import('../feedback/FeedbackDialog.tsx'))
const InstallDialog = lazy(() => import('../pwa/InstallDialog.tsx'))
const DownloadsKeeper = lazy(() => import('../downloads/DownloadsKeeper.tsx'))

// Registered once, when this chunk first loads, so it also runs after this component has unmounted.
// Only a logout here clears the local database. A session the server ended (401) keeps it for the same
// person's next sign-in (claimLocalData), and a sign-out in another tab was that tab's to handle.
session.onSignOut((how) => {
  stopBackgroundSync()
  closeDialog()
  resetDailyProgress()
  if (how === 'logout') void clearLocalData().catch((error: unknown) => console.warn('Could not clear local data', error))
})

export default function SignedInChrome() {
  const user = useSessionValue((state) => state.user)
  const open = useOpenDialog()

  // The local database is made the signed-in person's first (another person's data dropped), and only
  // then does anything in it sync, upload or get checked.
  const userId = user?.id
  const [claimedFor, setClaimedFor] = useState<number>()
  useEffect(() => {
    if (userId === undefined) return
    let current = true
    claimLocalData(userId)
      .then(() => current && setClaimedFor(userId))
      .catch((error: unknown) => console.warn('Could not prepare local data', error))
    return () => {
      current = false
    }
  }, [userId])
  const ready = userId !== undefined && claimedFor === userId

  // One sync engine while someone is signed in (started once there is something to send); nothing is
  // sent under no session.
  useBackgroundSync(ready ? userId : undefined)
  // The account's preferences (language, theme, player), read at every start and sign-in.
  useAccountPreferences(ready ? userId : undefined)

  // Contributors' queued uploads resume at app start (and then on `online`), on whatever page opens first.
  const uploads = ready && Boolean(user && (user.is_contributor || user.is_admin))
  useEffect(() => {
    if (uploads) void import('../../data/uploads/uploads.ts').then(({ startUploads }) => startUploads())
  }, [uploads])

  useEffect(() => {
    if (user) void saveUser(user).catch((error: unknown) => console.warn('Could not cache the user', error))
  }, [user])

  // The languages load once /me has answered (spec section 4), and again at each later refresh's end.
  // Followed by a subscription, not read in render: the flag flips while the first page renders, and
  // reading it there rendered the frame and the page again.
  useEffect(() => {
    let wasLoading: boolean | null = null
    const refreshOnceLoaded = () => {
      const { loading } = session.getState()
      if (loading === wasLoading) return
      wasLoading = loading
      if (!loading) void refreshLanguages()
    }
    refreshOnceLoaded()
    return session.subscribe(refreshOnceLoaded)
  }, [])

  return (
    <>
      <Navbar />
      <UpdatePrompt />
      <LoadErrorBoundary resetKey={open ?? ''}>
        <Suspense fallback={null}>
          <DownloadsKeeperWhenNeeded signedIn={ready} />
          {open === 'settings' ? <SettingsDialog onClose={closeDialog} /> : null}
          {open === 'feedback' ? <FeedbackDialog onClose={closeDialog} /> : null}
          {open === 'install' ? <InstallDialog onClose={closeDialog} /> : null}
        </Suspense>
      </LoadErrorBoundary>
    </>
  )
}

/**
 * The downloads keeper, once downloads need it. A component of its own: the first download starting
 * (or the last one going) then renders this alone, not the whole frame with its navbar and goal bar
 * while the download's bytes arrive.
 */
function DownloadsKeeperWhenNeeded({ signedIn }: { signedIn: boolean }) {
  return useDownloadsNeeded(signedIn) ? <DownloadsKeeper /> : null
}
