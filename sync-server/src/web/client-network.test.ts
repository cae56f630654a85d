import { describe, expect, it } from 'vitest'
import { networkOf } from './client-network.ts'

describe('the network a request is counted under', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7')
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every address of one IPv6 /64 as one network, and another /64 apart', () => {
    const home = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:abcd::9', '2001:db8:1:2::1.2.3.4', 'fe80::1%eth0']
    expect(new Set(home.slice(0, 4).map(networkOf))).toEqual(new Set(['2001:db8:1:2::/64']))
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(networkOf('::1')).toBe('0:0:0:0::/64')
    expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('counts anything that is not an address as one unknown network', () => {
    expect(networkOf('hello')).toBe('unknown')
    expect(networkOf('')).toBe('unknown')
  })
})
