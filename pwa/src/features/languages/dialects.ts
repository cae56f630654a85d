/**
 * Whether a learning language's videos are told apart by dialect: the dialects (northern, central,
 * southern, mixed: contract/vocabulary.ts) are Vietnamese's regions; a Cantonese video has none (its
 * dialect is null), so a Cantonese list offers no dialect filter.
 */
const WITH_DIALECTS: ReadonlySet<string> = new Set(['vi'])

export const hasDialects = (language: string): boolean => WITH_DIALECTS.has(language)
