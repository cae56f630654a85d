/**
 * Words (issue 42): the only door to them. A language's lexicon (its lookup and segmenter), the learner's
 * word states (read, set, synced through the outbox's `word_states`), and each video's word counts; a
 * video's share is contract/known-share.ts's knownShare over the last two.
 */
export { useLexicon, type LexiconView } from './lexicon.ts'
// setWordStates: "I knew the rest" and the placement mark many words at once (issue 42 items 3, 4).
export { setWordState, setWordStates, useWordStates } from './word-states.ts'
// A video's counts on its card and page, offline too, and the one share arithmetic, the server's too (item 5).
export { useVideoWordCounts } from './video-words.ts'
export { knownShare, type KnownShare } from '../../../../contract/known-share.ts'
export type { WordToken } from '../../../../contract/segment.ts'
export type { WordState } from '../../../../contract/vocabulary.ts'
export { readNoWordStatesAhead, useKnownShares, useNoWordStates, useVideoWordsKept, useWordStateRecords } from './list-shares.ts'
export { useReadings, type Reading } from './readings.ts'
