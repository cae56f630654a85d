/**
 * Words (issue 42): the lexicons, the words of each track and the learners' word states, with the
 * job that segments a language's tracks again when its lexicon changed. Made before the learning
 * module, whose caption saves segment the tracks they store.
 */
import type { AppJobQueue } from '../jobs/kinds.ts'
import { createAdminLexiconService } from '../services/admin-lexicon.service.ts'
import { createGlossaryService } from '../services/glossary.service.ts'
import { createLexiconService } from '../services/lexicon.service.ts'
import { createReadingsService } from '../services/readings.service.ts'
import { createTrackWordsService } from '../services/track-words.service.ts'
import { createWordStatesService } from '../services/word-states.service.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

export function createWordsModule({ config, clock, logger, database, locking }: Shared, repositories: Repositories, jobs: AppJobQueue) {
  const { db } = database
  const lexicon = createLexiconService({ db, jobs, clock })
  const trackWords = createTrackWordsService({ db, lexicon, catalogue: repositories.catalogue, previewSeconds: config.previewSeconds })
  jobs.registry.define('resegment_language', {
    maxAttempts: 5,
    backoff: { baseMs: 5_000, maxMs: 5 * 60_000 },
    handler: async ({ language }) => {
      const tracks = await trackWords.resegmentLanguage(language)
      if (tracks > 0) logger.info({ language, tracks }, 'tracks segmented again against the changed lexicon')
    },
  })
  return {
    lexicon,
    trackWords,
    readings: createReadingsService({ lexicon }),
    wordStates: createWordStatesService({ db, locking, clock }),
    glossary: createGlossaryService({ db, submissions: repositories.submissions, lexicon }),
    adminLexicon: createAdminLexiconService({ db, jobs, clock }),
  }
}
