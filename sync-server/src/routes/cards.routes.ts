/**
 * Saved lines and review (api-contract "Saved lines and review"): the outbox's cards, reviews and
 * removals, the list with schedules, a card's audio under its grant, and the Anki package.
 */
import { notFound } from '../errors.ts'
import { currentSession } from '../middleware/current-session.ts'
import type { CardsLibraryService } from '../services/cards-library.service.ts'
import type { CardsService } from '../services/cards.service.ts'
import { sendStored } from '../storage/send-stored.ts'
import type { Routes } from './route.ts'

const CLIENT_ID = /^[0-9a-fA-F-]{36}$/

export function cardsRoutes(routes: Routes, deps: { cards: CardsService; cardsLibrary: CardsLibraryService }) {
  routes.add('cards.create', async ({ res, user, body }) => {
    res.json({ data: await deps.cards.createCards(user, body.cards) })
  })

  routes.add('reviews.create', async ({ res, user, body }) => {
    res.json({ data: await deps.cards.recordReviews(user, body.reviews) })
  })

  routes.add('cardRemovals.create', async ({ res, user, body }) => {
    res.json({ data: await deps.cards.removeCards(user, body.removals) })
  })

  routes.add('cards.list', async ({ req, res, user, query }) => {
    res.set('Cache-Control', 'private, no-store')
    res.json(await deps.cardsLibrary.list(user, currentSession(req), query))
  })

  routes.add('cards.exportApkg', async ({ res, user, query }) => {
    const bytes = await deps.cardsLibrary.exportApkg(user, query.language)
    res.set({
      'Content-Type': 'application/apkg',
      'Content-Disposition': `attachment; filename="dehieu-${query.language}.apkg"`,
      'Cache-Control': 'private, no-store',
    })
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  })

  // No bearer token: an <audio> element cannot send one. The grant in the URL is the permission.
  routes.add('cards.audio', async ({ req, res }) => {
    const id = String(req.params.id)
    if (!CLIENT_ID.test(id)) throw notFound('No such saved line.')
    const grant = typeof req.query.grant === 'string' ? req.query.grant : ''
    const { key, media } = await deps.cardsLibrary.audio(id, grant)
    // The bytes under this path never change: kept by the browser and the service worker for good.
    const headers = { 'Content-Type': 'audio/mp4', 'Cache-Control': 'private, max-age=31536000, immutable' }
    if (!(await sendStored(req, res, media, key, headers))) throw notFound('The audio of this line is missing.')
  })
}
