/**
 * The upload form's state and its one action: the draft, the problems found, and submit, which checks
 * the draft, stores it in the upload queue (on the device first, so it works offline) and empties the
 * form, or says why the device would not keep it.
 */
import { useRef, useState } from 'react'
import { connectivity } from '../../data/runtime/connectivity.ts'
import { whyNotKept, type NotKeptReason } from '../../data/uploads/not-kept.ts'
import { uploadQueue } from '../../data/uploads/uploads.ts'
import { emptyUploadDraft, PROBLEM_OF, queuedUploadOf, type UploadDraft } from './upload-draft.ts'
import { checkUpload, type UploadProblems } from './upload-rules.ts'

/** `queued`: stored while offline, it goes once the network is back. `error`: it could not be stored here. */
export type UploadOutcome = { kind: 'success'; queued: boolean; inMemory: boolean } | { kind: 'error'; why: NotKeptReason } | null

export type SetDraftValue = <K extends keyof UploadDraft>(key: K, value: UploadDraft[K]) => void

export function useUploadForm(initialLanguage: () => string) {
  const [draft, setDraft] = useState<UploadDraft>(() => emptyUploadDraft(initialLanguage()))
  // A new key empties the file inputs (video and captions) after a successful submission.
  const [fileInputKey, setFileInputKey] = useState(0)
  const [problems, setProblems] = useState<UploadProblems>({})
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<UploadOutcome>(null)
  const formRef = useRef<HTMLFormElement>(null)

  const set: SetDraftValue = (key, value) => {
    setDraft((current) => ({ ...current, [key]: value }))
    const field = PROBLEM_OF[key]
    if (field && problems[field]) setProblems(({ [field]: _gone, ...rest }) => rest)
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const found = checkUpload(draft)
    setProblems(found)
    if (Object.keys(found).length > 0 || !draft.file || !draft.level) {
      // Focus the first field that needs attention, in the order they appear.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      const id = await uploadQueue.enqueue(queuedUploadOf(draft, draft.file, draft.level))
      setDraft(emptyUploadDraft(draft.language))
      setFileInputKey((key) => key + 1)
      setProblems({})
      setOutcome({ kind: 'success', queued: !connectivity.isUp(), inMemory: uploadQueue.keptInMemory(id) })
    } catch (error) {
      // Only the device can fail here: its storage full, or a browser that keeps no files for this
      // site (a private window, storage turned off). The learner is told which.
      console.warn('Could not store the upload', error)
      setOutcome({ kind: 'error', why: whyNotKept(error) })
    } finally {
      setBusy(false)
    }
  }

  return { draft, set, problems, busy, outcome, fileInputKey, formRef, submit }
}
