/**
 * Words (issue 42): the only door to them. A language's lexicon (its lookup and segmenter), the learner's
 * word states (read, set, synced through the outbox's `word_states`), and each video's word counts; a
 * video's share is contract/known-share.ts's knownShare over the last two.
 */
export { useLexicon, type LexiconView } from './lexicon.ts'
export { setWordState, setWordStates, useWordStates } from './word-states.ts'
export { useVideoWordCounts } from './video-words.ts'
export { knownShare, type KnownShare } from '../../../../contract/known-share.ts'
export type { WordToken } from '../../../../contract/segment.ts'
export type { WordState } from '../../../../contract/vocabulary.ts'
export { useReadings, type Reading } from './readings.ts'
