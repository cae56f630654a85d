/** The studio's steps, in the order a contributor takes them. */
export const STEPS = ['write', 'time', 'fix', 'english', 'glossary', 'preview'] as const
export type Step = (typeof STEPS)[number]
