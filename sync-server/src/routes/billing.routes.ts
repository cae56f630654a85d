import type { Express, RequestHandler, Router } from 'express'
import { checkoutBodySchema, confirmBodySchema } from '../../../contract/index.ts'
import type { createStripeWebhook } from '../billing/stripe-webhook.ts'
import { ApiError } from '../errors.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { loopbackOnly } from '../middleware/loopback-only.ts'
import { parseWith } from '../middleware/validate.ts'
import type { BillingService } from '../services/billing.service.ts'
import { on, early } from './route.ts'

export function billingRoutes(router: Router, deps: { billing: BillingService; requireUser: RequestHandler }) {
  const signedIn = deps.requireUser
  // The local provider makes whoever confirms premium for free: fine for a developer, never for the network.
  const paying: RequestHandler[] = deps.billing.providerName() === 'local' ? [loopbackOnly('The local billing provider')] : []

  on(router, 'billing.plans', async (_req, res) => {
    res.json({ data: await deps.billing.plans() })
  })

  on(router, 'billing.checkout', ...paying, signedIn, async (req, res) => {
    const { plan } = parseWith(checkoutBodySchema, req.body)
    const { url } = await deps.billing.checkout(currentUser(req), plan)
    res.status(201).json({ url, data: { url } })
  })

  on(router, 'billing.confirm', ...paying, signedIn, async (req, res) => {
    const { session } = parseWith(confirmBodySchema, req.body)
    const { user, paid } = await deps.billing.confirm(currentUser(req), session)
    res.json({ data: user, paid })
  })

  on(router, 'billing.portal', signedIn, async (req, res) => {
    const { url } = await deps.billing.portal(currentUser(req))
    res.json({ url, data: { url } })
  })

  on(router, 'billing.subscription', signedIn, async (req, res) => {
    res.json({ data: await deps.billing.subscription(currentUser(req)) })
  })

  on(router, 'billing.cancel', signedIn, async (req, res) => {
    res.json({ data: await deps.billing.cancel(currentUser(req)) })
  })
}

/** Stripe's webhook needs the raw body for its signature, so it is registered ahead of the JSON API. */
export function billingWebhookRoute(
  app: Express,
  deps: { webhook: ReturnType<typeof createStripeWebhook> | undefined; prelude: RequestHandler[] },
) {
  early(app, 'billing.webhook', ...deps.prelude, async (req, res) => {
    if (!deps.webhook) throw new ApiError(404, 'not_found', 'Stripe is not configured on this server.')
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const { applied } = await deps.webhook.handle(body, req.get('stripe-signature'))
    res.json({ received: true, duplicate: !applied })
  })
}
