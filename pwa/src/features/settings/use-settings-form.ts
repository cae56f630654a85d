/**
 * The settings dialog's state: the account as /me answers on open (the stored one until then), the
 * name and goal being edited, and save (only a real change), idle → saving → success or error.
 */
import { useEffect, useRef, useState } from 'react'
import { DAILY_GOAL_DEFAULT_MINUTES } from '../../../../contract/limits.ts'
import type { User } from '../../../../contract/schemas/user.ts'
import { accountApi } from '../../data/account/account-api.ts'
import { ApiError, NetworkError } from '../../data/api.ts'
import { sendPreference } from '../../data/preferences/account-preferences.ts'
import { refreshDailyProgress } from '../../data/progress/daily-progress.ts'
import { session, useSession } from '../../data/session/session.ts'
import { canEditName, checkDisplayName, pendingChanges, settingsErrorMessage, type SettingsMessage } from './settings-rules.ts'

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'success' } | { kind: 'error'; message: SettingsMessage }

export function useSettingsForm() {
  const { user: storedUser } = useSession()
  const [user, setUser] = useState<User | null>(storedUser)
  const [loadError, setLoadError] = useState(false)
  const [nameInput, setNameInput] = useState(storedUser?.display_name ?? '')
  const [nameEdited, setNameEdited] = useState(false)
  const [goal, setGoal] = useState(storedUser?.daily_goal_minutes ?? DAILY_GOAL_DEFAULT_MINUTES)
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  // The load may answer after the person started typing: their text wins.
  const nameEditedRef = useRef(false)

  useEffect(() => {
    let cancelled = false
    accountApi
      .me()
      .then((fresh) => {
        if (cancelled) return
        session.setUser(fresh)
        setUser(fresh)
        setNameInput((value) => (nameEditedRef.current ? value : (fresh.display_name ?? '')))
        setGoal(fresh.daily_goal_minutes)
      })
      .catch(() => {
        if (!cancelled) setLoadError(true)
      })
    return () => {
      cancelled = true
    }
  }, [])

  const saving = save.kind === 'saving'
  const name = checkDisplayName(nameInput, user?.display_name ?? null, nameEdited)
  const changes = user ? pendingChanges({ user, name, goal, saving }) : null

  function editName(value: string) {
    setNameInput(value)
    setNameEdited(true)
    nameEditedRef.current = true
    if (save.kind !== 'saving') setSave({ kind: 'idle' })
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    if (!changes || !user) return
    setSave({ kind: 'saving' })
    // The goal also goes through the outbox (issue 41): offline it is queued, and it follows the account.
    if (changes.goal !== undefined) await sendPreference('daily_goal_minutes', changes.goal)
    try {
      if (changes.goal !== undefined) await accountApi.saveDailyGoal(changes.goal).catch((error: unknown) => {
        if (!(error instanceof NetworkError && changes.displayName === undefined)) throw error
        session.setUser({ ...user, daily_goal_minutes: changes.goal! })
      })
      if (changes.displayName !== undefined) await accountApi.setDisplayName(changes.displayName)
      const fresh = (await session.refresh()) ?? user
      setUser(fresh)
      setNameInput(fresh.display_name ?? '')
      setNameEdited(false)
      nameEditedRef.current = false
      setGoal(fresh.daily_goal_minutes)
      void refreshDailyProgress()
      setSave({ kind: 'success' })
    } catch (error) {
      const details = error instanceof ApiError ? error : {}
      setSave({ kind: 'error', message: settingsErrorMessage(details, error instanceof NetworkError) })
    }
  }

  return {
    user,
    loadError,
    nameInput,
    editName,
    name,
    editable: user ? canEditName(user) : false,
    premium: Boolean(user?.is_premium || user?.premium),
    goal,
    setGoal,
    save,
    saving,
    changes,
    onSubmit,
  }
}
