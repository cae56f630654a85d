/** The captioning studio's door (issue 44): the draft on the device, and the submission's tracks on the server. */
export type { StudioCue, StudioDraft, StudioTrack } from './draft-types.ts'
export { hasDraft, replaceWithServer, startDraft, useStudioDraft, writeCues } from './drafts.ts'
export { fetchSubmission, fetchTrack, saveDraft, saveOverServer, type DraftSave } from './server-tracks.ts'
export { fetchWaveform, type WaveformState } from './waveform.ts'
