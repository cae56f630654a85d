import { describe, expect, it } from 'vitest'
import { isLoopbackAddress } from './loopback-only.ts'

describe('isLoopbackAddress', () => {
  it('knows this machine from the network by the socket address, in IPv4, IPv6 and mapped form', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1', '0.0.0.0', '', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false)
    }
  })
})
