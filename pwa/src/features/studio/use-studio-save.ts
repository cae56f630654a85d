/**
 * Saving the draft to the server, and the choice a conflict asks for. A 412 (another tab or device
 * saved the track since this draft loaded it) is never overwritten silently: the screen shows the
 * choice, "keep mine" saves over the server's new version, "take theirs" loads it.
 */
import { useState } from 'react'
import { saveDraft, saveOverServer, type DraftSave, type StudioDraft, type StudioTrack } from '../../data/studio/index.ts'
import type { StudioCue } from './cue-ops.ts'
import { filesOf, takeTheirs } from './studio-tracks.ts'

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'offline' }
  | { kind: 'refused'; track: StudioTrack; errors: string[] }
  | { kind: 'conflict'; track: StudioTrack }
  | { kind: 'nothing' }

function stateOf(result: DraftSave): SaveState {
  if (result.ok) return { kind: 'saved' }
  const { failure, track } = result
  if (failure.reason === 'conflict') return { kind: 'conflict', track }
  if (failure.reason === 'refused') return { kind: 'refused', track, errors: failure.errors }
  return { kind: 'offline' }
}

export function useStudioSave(draft: StudioDraft, latest: () => StudioCue[]) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' })

  async function run(work: () => Promise<SaveState>) {
    setState({ kind: 'saving' })
    try {
      setState(await work())
    } catch {
      setState({ kind: 'offline' })
    }
  }

  function save() {
    const files = filesOf(latest())
    if (files.main === null && files.en === null) {
      setState({ kind: 'nothing' })
      return
    }
    void run(async () => stateOf(await saveDraft(draft, files)))
  }

  function keepMine(track: StudioTrack) {
    void run(async () => stateOf(await saveOverServer(draft, track, filesOf(latest()))))
  }

  function takeServer() {
    void run(async () => {
      await takeTheirs(draft, latest())
      return { kind: 'idle' }
    })
  }

  return { state, save, keepMine, takeServer }
}
