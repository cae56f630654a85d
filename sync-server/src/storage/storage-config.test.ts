import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'

describe('storage settings', () => {
  it('default to the disk: no bucket needed', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).storage).toEqual({ kind: 'disk' })
  })

  it('MEDIA_STORE=s3 takes the S3_* settings, path-style by default', () => {
    const config = loadConfig({
      NODE_ENV: 'test', MEDIA_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:7480', S3_BUCKET: 'dehieu-media',
      S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret',
    })
    expect(config.storage).toEqual({
      kind: 's3', endpoint: 'http://127.0.0.1:7480', bucket: 'dehieu-media', region: 'us-east-1', accessKeyId: 'key',
      secretAccessKey: 'secret', forcePathStyle: true, mediaOriginPublic: false,
    })
  })

  it('refuses MEDIA_STORE=s3 without its bucket and keys, or with a bad endpoint, naming each variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORE: 's3' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: required with MEDIA_STORE=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/)
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORE: 's3', S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_ENDPOINT[\s\S]*S3_BUCKET/)
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_STORE: 'nfs' })).toThrow(/MEDIA_STORE/)
  })
})
