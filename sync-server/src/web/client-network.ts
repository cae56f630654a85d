/**
 * The network a request comes from, as every per-IP rule counts it (rate limits, sign-in code sends,
 * "the network that asked for this code"): an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or phone gets a whole /64 and may use any address in it, so counting single addresses
 * would give one person billions of limits).
 *
 * The address is req.ip, which honours TRUST_PROXY (config.ts): the socket's address, or what the
 * trusted proxies said. Anything that is not an address (a proxy passing garbage) counts as the
 * socket's address, so no one can pick a fresh key per request by writing nonsense.
 */
import net from 'node:net'
import type { Request } from 'express'

export function networkOf(address: string): string {
  const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address
  const family = net.isIP(plain)
  if (family === 4) return plain
  if (family === 6) return ipv6Prefix64(plain)
  return 'unknown'
}

/** The first 64 bits of an IPv6 address, written `2001:db8:0:1::/64`. */
function ipv6Prefix64(address: string): string {
  const zoneless = address.split('%')[0]!
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [])
  const [head, tail] = zoneless.includes('::') ? zoneless.split('::') : [zoneless, undefined]
  const left = groupsOf(head ?? '')
  const right = tail === undefined ? [] : groupsOf(tail)
  const full = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

export function clientNetwork(req: Request): string {
  const claimed = req.ip
  if (claimed !== undefined && net.isIP(claimed.startsWith('::ffff:') ? claimed.slice(7) : claimed)) return networkOf(claimed)
  return networkOf(req.socket.remoteAddress ?? '')
}
