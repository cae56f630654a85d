/**
 * Words (api-contract "Words"): a language's lexicon, a video's word counts, the learner's word states
 * and the common words of a placement.
 */
import type { Request, RequestHandler, Response, Router } from 'express'
import { commonWordsQuerySchema, myWordStatesQuerySchema, wordStatesBodySchema } from '../../../contract/index.ts'
import { notFound } from '../errors.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { LexiconAnswer, LexiconService } from '../services/lexicon.service.ts'
import type { TrackWordsService } from '../services/track-words.service.ts'
import type { WordStatesService } from '../services/word-states.service.ts'
import { pathId } from '../web/path-id.ts'
import { on } from './route.ts'

/** Whether `If-None-Match` names this ETag (a list, weak or not, or `*`). */
function matches(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

/** The lexicon's bytes in the encoding the client takes best (made once per version), or plain. */
function sendLexicon(req: Request, res: Response, answer: LexiconAnswer) {
  res.setHeader('ETag', answer.etag)
  // Revalidated at each read: the version moves when an entry changes, and a 304 costs nothing.
  res.setHeader('Cache-Control', 'private, no-cache')
  res.setHeader('Vary', 'Accept-Encoding')
  if (matches(req, answer.etag)) {
    res.status(304).end()
    return
  }
  const accepts = String(req.headers['accept-encoding'] ?? '')
  const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', answer.br] : /\bgzip\b/.test(accepts) ? ['gzip', answer.gzip] : [undefined, answer.json]
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

export function wordsRoutes(
  router: Router,
  deps: { lexicon: LexiconService; trackWords: TrackWordsService; wordStates: WordStatesService; requireUser: RequestHandler },
) {
  const signedIn = deps.requireUser

  on(router, 'lexicon.get', signedIn, async (req, res) => {
    const answer = await deps.lexicon.answer(String(req.params.code))
    if (!answer) throw notFound('No such language.')
    sendLexicon(req, res, answer)
  })

  on(router, 'videos.words', signedIn, async (req, res) => {
    res.json({ data: await deps.trackWords.videoWords(currentUser(req), pathId(req.params.id, 'No such video.')) })
  })

  on(router, 'wordStates.create', signedIn, async (req, res) => {
    const { states } = parseWith(wordStatesBodySchema, req.body)
    res.json({ data: await deps.wordStates.record(currentUser(req), states) })
  })

  on(router, 'wordStates.list', signedIn, async (req, res) => {
    const { language } = parseWith(myWordStatesQuerySchema, req.query)
    res.json({ data: await deps.wordStates.list(currentUser(req), language) })
  })

  on(router, 'words.common', signedIn, async (req, res) => {
    const { limit, offset } = parseWith(commonWordsQuerySchema, req.query)
    res.json({ data: await deps.trackWords.common(currentUser(req), String(req.params.code), limit, offset) })
  })
}
