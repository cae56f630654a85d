/** Admin pages and billing (issue 7). Stripe when configured; else, outside production, the local provider. */
import Stripe from 'stripe'
import { createLocalProvider } from '../billing/local-provider.ts'
import { createStripeProvider } from '../billing/stripe-provider.ts'
import { createStripeWebhook } from '../billing/stripe-webhook.ts'
import { createAdminFeedbackService } from '../services/admin-feedback.service.ts'
import { createAdminUsersService } from '../services/admin-users.service.ts'
import { createAdminVideosService } from '../services/admin-videos.service.ts'
import { createBillingService } from '../services/billing.service.ts'
import type { UsersService } from '../services/users.service.ts'
import type { Repositories } from './repositories.ts'
import type { Shared } from './shared.ts'

/** Stripe's own API unless STRIPE_API_URL names another (stripe-mock, a test's stand-in). */
function stripeApiAt(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol }
}

export function createAdminBillingModule({ config, clock, logger, database, search, storage }: Shared, repositories: Repositories, usersService: UsersService) {
  const stripe = config.stripe.secretKey ? new Stripe(config.stripe.secretKey, stripeApiAt(config.stripe.apiUrl)) : undefined
  const provider = stripe
    ? createStripeProvider({
        stripe,
        prices: { month: config.stripe.priceMonth, year: config.stripe.priceYear },
        publicUrl: config.publicUrl!.replace(/\/$/, ''),
        billing: repositories.billing,
        clock,
      })
    : config.isProduction
      ? undefined
      : createLocalProvider({ db: database.db, billing: repositories.billing, clock })
  const stripeWebhook =
    stripe && config.stripe.webhookSecret
      ? createStripeWebhook({ stripe, secret: config.stripe.webhookSecret, db: database.db, clock, logger })
      : undefined
  return {
    stripeWebhook,
    services: {
      adminVideos: createAdminVideosService({ videos: repositories.adminVideos, storage, db: database.db, search, clock }),
      adminUsers: createAdminUsersService({ db: database.db, search }),
      adminFeedback: createAdminFeedbackService({ feedback: repositories.adminFeedback, clock }),
      billing: createBillingService({ db: database.db, provider, billing: repositories.billing, users: repositories.users, usersService, clock }),
    },
  }
}
