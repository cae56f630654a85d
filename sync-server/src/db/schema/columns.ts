/** The column types several tables share, with the same values on SQLite and PostgreSQL (db/schema.ts). */
export type Flag = 0 | 1
export type Level = 'introductory' | 'beginner' | 'intermediate' | 'advanced'
export type Decision = 'pending' | 'accepted' | 'rejected'
/** The languages e-mails are written in (the app's UI languages). */
export type MailLanguage = 'vi' | 'en'
export type Provider = 'local' | 'stripe'
export type Plan = 'month' | 'year'
/** 0014: how a video's Vietnamese is spoken; NULL until set. */
export type DialectColumn = 'northern' | 'central' | 'southern' | 'mixed' | null
/** 0014, 0060: a caption track's language (contract/vocabulary.ts CAPTION_LANGUAGES). */
export type TrackLanguage = 'vi' | 'yue' | 'en'
