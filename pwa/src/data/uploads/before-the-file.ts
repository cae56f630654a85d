/**
 * What an upload needs before its file is sent: the submission on the server (created from the form's
 * details once the network answers, with the item's id as client_id, so a second ask gets the first
 * submission back), and the caption files chosen with it (each ends saved or refused with the server's
 * lines; no answer leaves the item waiting). Both run under the item's lock (upload-queue.ts).
 */
import { SIGNED_OUT, type CaptionState, type CreateSubmissionResult, type QueuedCaption, type SendCaptionsResult, type UploadItem, type UploadQueueDeps } from './upload-items.ts'

type Deps = Pick<UploadQueueDeps, 'items' | 'createSubmission' | 'discardSubmission' | 'sendCaptions'>

/**
 * Creates the submission of an item stored without one. Answers its id, or undefined when the item
 * was left waiting, failed or was cancelled meanwhile.
 */
export async function createSubmissionFor(deps: Deps, item: UploadItem): Promise<number | undefined> {
  const update = (change: Partial<UploadItem>) => deps.items.update(item.id, change)
  if (!deps.createSubmission || !item.details) {
    await update({ status: 'failed', speed: 0, error: 'refused' })
    return undefined
  }
  const result = await deps.createSubmission(item.details, item.id).catch((): CreateSubmissionResult => ({ ok: false, failure: 'retry' }))
  if (!result.ok) {
    if (result.failure === 'retry') await update({ status: 'waiting', speed: 0 })
    else if (result.failure === 'signed_out') await update({ status: 'failed', speed: 0, error: SIGNED_OUT })
    else await update({ status: 'failed', speed: 0, error: result.reason })
    return undefined
  }
  // Cancelled while the answer was on its way: the new submission would linger without a file.
  const kept = await deps.items.update(item.id, { submissionId: result.id })
  if (kept === 0) {
    await deps.discardSubmission?.(result.id)
    return undefined
  }
  return result.id
}

/**
 * Sends the item's caption files still pending, one by one. Answers false when the item was left
 * waiting (no answer) or signed out: the file waits with them. A refused file is final (its lines
 * are kept for the contributor); the video goes on without it.
 */
export async function sendCaptionsFor(deps: Deps, id: string, submissionId: number, queued: QueuedCaption[]): Promise<boolean> {
  for (const caption of queued) {
    const current = (await deps.items.get(id))?.captions?.find((entry) => entry.language === caption.language)
    if (!current || current.state !== 'pending') continue
    const result = deps.sendCaptions
      ? await deps.sendCaptions(submissionId, caption.language, caption.bytes).catch((): SendCaptionsResult => ({ ok: false, failure: 'retry' }))
      : ({ ok: false, failure: 'retry' } as const)
    if (!result.ok && result.failure === 'retry') {
      await deps.items.update(id, { status: 'waiting', speed: 0 })
      return false
    }
    if (!result.ok && result.failure === 'signed_out') {
      await deps.items.update(id, { status: 'failed', speed: 0, error: SIGNED_OUT })
      return false
    }
    const outcome: Partial<CaptionState> = result.ok ? { state: 'saved', cues: result.cues } : { state: 'refused', errors: result.errors }
    await deps.items.update(id, (item) => {
      item.captions = (item.captions ?? []).map((entry) => (entry.language === caption.language ? { ...entry, ...outcome } : entry))
    })
  }
  return true
}
