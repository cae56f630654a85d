/**
 * Everything a signed-in page adds around its content: the navigation bar, the new-version prompt, the
 * settings and feedback dialogs, and keeping the local database in step with the session (the user cached, the language
 * list refreshed once the session has loaded, all of it forgotten on sign-out).
 * The keepers that work in the background load only when they have work, so they stay off first paint:
 * the sync engine once the outbox holds something (data/background-sync.ts), the downloads keeper once
 * something is downloaded or smart downloads are on, the upload queue for contributors and admins.
 */
import { lazy, Suspense, useEffect } from 'react'
import { LoadErrorBoundary } from '../../components/LoadErrorBoundary.tsx'
import { clearLocalData, forgetOthersUploads, saveUser } from '../../data/local-cache.ts'
import { stopBackgroundSync, useBackgroundSync } from '../../data/background-sync.ts'
import { useDownloadsNeeded } from '../downloads/use-downloads-needed.ts'
import { refreshLanguages } from '../languages/languages-store.ts'
import { resetDailyProgress } from '../progress/daily-progress.ts'
import { session, useSession } from '../session/session.ts'
import { closeDialog, useOpenDialog } from './dialogs.ts'
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx'
import { Navbar } from './Navbar.tsx'

const SettingsDialog = lazy(() => import('../settings/SettingsDialog.tsx'))
const FeedbackDialog = lazy(() => import('../feedback/FeedbackDialog.tsx'))
const DownloadsKeeper = lazy(() => import('../downloads/DownloadsKeeper.tsx'))

// Registered once, when this chunk first loads, so it also runs after this component has unmounted.
// Queued uploads survive a session the server ended (they carry on after the next sign-in) and a
// sign-out in another tab (that tab clears them if it was a logout); a logout here clears them.
session.onSignOut((how) => {
  stopBackgroundSync()
  closeDialog()
  resetDailyProgress()
  void clearLocalData({ keepUploads: how !== 'logout' }).catch((error: unknown) => console.warn('Could not clear local data', error))
})

export default function SignedInChrome() {
  const { user, loading } = useSession()
  const open = useOpenDialog()

  // One sync engine while someone is signed in (started once there is something to send); nothing is
  // sent under no session.
  useBackgroundSync(user?.id)
  const keepDownloads = useDownloadsNeeded(Boolean(user))

  // Contributors' queued uploads resume at app start (and then on `online`), on whatever page opens first.
  const uploads = Boolean(user && (user.is_contributor || user.is_admin))
  useEffect(() => {
    if (uploads) void import('../../data/uploads.ts').then(({ startUploads }) => startUploads())
  }, [uploads])

  useEffect(() => {
    if (user) void saveUser(user).catch((error: unknown) => console.warn('Could not cache the user', error))
  }, [user])

  const userId = user?.id
  useEffect(() => {
    if (userId !== undefined) void forgetOthersUploads(userId).catch((error: unknown) => console.warn('Could not clear uploads', error))
  }, [userId])

  useEffect(() => {
    if (!loading) void refreshLanguages()
  }, [loading])

  return (
    <>
      <Navbar />
      <UpdatePrompt />
      <LoadErrorBoundary resetKey={open ?? ''}>
        <Suspense fallback={null}>
          {keepDownloads ? <DownloadsKeeper /> : null}
          {open === 'settings' ? <SettingsDialog onClose={closeDialog} /> : null}
          {open === 'feedback' ? <FeedbackDialog onClose={closeDialog} /> : null}
        </Suspense>
      </LoadErrorBoundary>
    </>
  )
}
