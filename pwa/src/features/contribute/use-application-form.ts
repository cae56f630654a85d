/**
 * The contributor application's state and its one action: the draft, the problems found, and submit,
 * which checks the draft, sends it as one multipart POST, and keeps the server's answer to show.
 */
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../data/api.ts'
import { postFormTo } from '../../data/form-request.ts'
import { applicationFormData, checkApplication, EMPTY_APPLICATION, type ApplicationDraft, type ApplicationField, type ApplicationProblems } from './application-draft.ts'
import { applicationMessageFor, type ApplicationMessage } from './application-rules.ts'

export type ApplicationFailure = { message: ApplicationMessage; details: string[] } | null

const FIELD_OF: Partial<Record<keyof ApplicationDraft, ApplicationField>> = { name: 'name', email: 'email', english: 'english', video: 'video' }

export type SetApplicationValue = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => void

export function useApplicationForm() {
  const { i18n } = useTranslation()
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_APPLICATION)
  const [problems, setProblems] = useState<ApplicationProblems>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<ApplicationFailure>(null)
  const [done, setDone] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const set: SetApplicationValue = (key, value) => {
    setDraft((current) => ({ ...current, [key]: value }))
    const field = FIELD_OF[key]
    if (field) setProblems(({ [field]: _gone, ...rest }) => rest)
    // A new video: the last answer was about the old one.
    if (key === 'video') setFailure(null)
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setFailure(null)
    const found = checkApplication(draft)
    setProblems(found)
    if (Object.keys(found).length > 0 || !draft.video || !draft.english) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      await postFormTo('applications.create', applicationFormData(draft, draft.video, draft.english, i18n.resolvedLanguage ?? 'en'))
      setDone(true)
    } catch (error) {
      const message = applicationMessageFor(error)
      // Field problems the quick checks here missed: the server's own sentences say which.
      const details = message === 'validation' && error instanceof ApiError ? error.errors : []
      setFailure({ message, details })
    } finally {
      setBusy(false)
    }
  }

  return { draft, set, problems, busy, failure, done, formRef, submit }
}
