/**
 * One-time sign-in codes. A six-digit code has only a million values, so a plain hash in a leaked
 * database would be reversed at once: codes are stored as an HMAC keyed by the server's secret and
 * bound to the address, and compared in constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { OTP_LENGTH } from '../../../contract/index.ts'

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}

export function hashOtpCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex')
}

export function otpHashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * A network (web/client-network.ts: an IPv4 address or an IPv6 /64) as sessions keep it: an HMAC
 * keyed by the server's secret, so the database holds no address for as long as a session lasts.
 */
export function hashNetwork(secret: string, network: string): string {
  return createHmac('sha256', secret).update(`network\n${network}`).digest('base64url')
}
