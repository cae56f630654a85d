import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 8080, env: 'development', maxUploadBytes: 2 * 1024 ** 3, previewSeconds: 180 })
    expect(config.dataDir.endsWith('/data')).toBe(true)
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('refuses to start on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError)
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '-1' })).toThrow(/MAX_UPLOAD_BYTES/)
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/)
  })

  it('refuses production without SMTP, since codes would only reach the log', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required in production/)
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).isProduction).toBe(true)
  })

  it('listens only on this machine in development unless HOST says otherwise, and on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).host).toBe('0.0.0.0')
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', HOST: '10.0.0.2' }).host).toBe('10.0.0.2')
  })

  it('reads DATABASE_URL: unset is SQLite, postgres:// or postgresql:// is PostgreSQL, anything else is refused', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined()
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined()
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db:5432/dehieu' }).databaseUrl).toBe('postgres://app@db:5432/dehieu')
    expect(loadConfig({ DATABASE_URL: 'postgresql://app@db/dehieu' }).databaseUrl).toBe('postgresql://app@db/dehieu')
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app@db/dehieu' })).toThrow(/DATABASE_URL: must be a PostgreSQL URL/)
    expect(() => loadConfig({ DATABASE_URL: 'sqlite:./data/dehieu.sqlite' })).toThrow(ConfigError)
  })

  it('trusts no forwarding header unless told, and never "every proxy" (a client could then choose its address)', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback'])
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would let any client choose its address.*TRUST_PROXY=1 behind deploy\/nginx.conf/s)
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(ConfigError)
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY: "nginx.local" is not an address/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/)
  })

  it('reads ADMIN_EMAILS as a trimmed, lower-cased list', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.com ,, ops@example.com' })
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com'])
  })
})
