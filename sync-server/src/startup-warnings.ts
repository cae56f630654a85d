/**
 * What a deployer should hear once, at start, rather than never (PUBLIC_URL) or at every request
 * (payments not set up): settings that production runs without, and what that costs.
 */
import type { Config } from './config.ts'

export function startupWarnings(config: Config, state: { billing: string | undefined }): string[] {
  const warnings: string[] = []
  if (!config.isProduction) return warnings
  if (!config.publicUrl) {
    warnings.push(
      'PUBLIC_URL is not set: browsers are not told to keep to HTTPS (no Strict-Transport-Security, no upgrade-insecure-requests). Set PUBLIC_URL=https://your.domain once TLS is in front.',
    )
  }
  if (!state.billing) {
    warnings.push('Payments are not set up (STRIPE_SECRET_KEY is unset): /api/v1/billing answers 503 billing_unavailable and nobody can subscribe. This is said once, here.')
  }
  return warnings
}
