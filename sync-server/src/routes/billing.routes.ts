import type { RequestHandler } from 'express'
import type { createStripeWebhook } from '../billing/stripe-webhook.ts'
import { ApiError } from '../errors.ts'
import { loopbackOnly } from '../middleware/loopback-only.ts'
import type { BillingService } from '../services/billing.service.ts'
import type { Routes } from './route.ts'

export function billingRoutes(routes: Routes, deps: { billing: BillingService }) {
  // The local provider makes whoever confirms premium for free: fine for a developer, never for the network.
  const paying: RequestHandler[] =
    deps.billing.providerName() === 'local' ? [loopbackOnly('The local billing provider answers only requests from this machine (development mode).')] : []

  routes.add('billing.plans', async ({ res }) => {
    res.json({ data: await deps.billing.plans() })
  })

  routes.add('billing.checkout', { guards: paying }, async ({ res, user, body }) => {
    const { url } = await deps.billing.checkout(user, body.plan)
    res.status(201).json({ url, data: { url } })
  })

  routes.add('billing.confirm', { guards: paying }, async ({ res, user: caller, body }) => {
    const { user, paid } = await deps.billing.confirm(caller, body.session)
    res.json({ data: user, paid })
  })

  routes.add('billing.portal', async ({ res, user }) => {
    const { url } = await deps.billing.portal(user)
    res.json({ url, data: { url } })
  })

  routes.add('billing.subscription', async ({ res, user }) => {
    res.json({ data: await deps.billing.subscription(user) })
  })

  routes.add('billing.cancel', async ({ res, user }) => {
    res.json({ data: await deps.billing.cancel(user) })
  })
}

/** Stripe's webhook: its signature covers the raw body (the table's raw reader, ahead of the JSON API). */
export function billingWebhookRoute(routes: Routes, deps: { webhook: ReturnType<typeof createStripeWebhook> | undefined }) {
  routes.add('billing.webhook', async ({ req, res }) => {
    if (!deps.webhook) throw new ApiError(404, 'not_found', 'Stripe is not configured on this server.')
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const { applied } = await deps.webhook.handle(body, req.get('stripe-signature'))
    res.json({ received: true, duplicate: !applied })
  })
}
