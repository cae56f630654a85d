/**
 * Words (api-contract "Words"): a language's lexicon, a video's word counts, the learner's word states
 * and the common words of a placement.
 */
import type { Request, Response } from 'express'
import { notFound } from '../errors.ts'
import type { LexiconAnswer, LexiconService } from '../services/lexicon.service.ts'
import type { TrackWordsService } from '../services/track-words.service.ts'
import type { WordStatesService } from '../services/word-states.service.ts'
import { pathId } from '../web/path-id.ts'
import type { Routes } from './route.ts'

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

export function wordsRoutes(routes: Routes, deps: { lexicon: LexiconService; trackWords: TrackWordsService; wordStates: WordStatesService }) {
  routes.add('lexicon.get', async ({ req, res }) => {
    const answer = await deps.lexicon.answer(String(req.params.code))
    if (!answer) throw notFound('No such language.')
    sendLexicon(req, res, answer)
  })

  routes.add('videos.words', async ({ req, res, user }) => {
    res.json({ data: await deps.trackWords.videoWords(user, pathId(req.params.id, 'No such video.')) })
  })

  routes.add('wordStates.create', async ({ res, user, body }) => {
    res.json({ data: await deps.wordStates.record(user, body.states) })
  })

  routes.add('wordStates.list', async ({ res, user, query }) => {
    res.json({ data: await deps.wordStates.list(user, query.language) })
  })

  routes.add('words.common', async ({ req, res, user, query }) => {
    res.json({ data: await deps.trackWords.common(user, String(req.params.code), query.limit, query.offset) })
  })
}
