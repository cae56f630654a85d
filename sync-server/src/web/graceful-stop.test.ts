/**
 * The graceful stop (SIGTERM, main.ts): the listener closes, a request in flight finishes with its
 * answer (and `Connection: close`), an idle keep-alive connection is closed only after a while, and a
 * request that will not finish is cut at the bound.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { createGracefulStop } from './graceful-stop.ts'

let server: http.Server | undefined
afterEach(() => {
  server?.closeAllConnections()
  server = undefined
})

function serve(graceMs: number, idleMs: number) {
  const graceful = createGracefulStop({ graceMs, idleMs })
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let arrived!: () => void
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve))
  const app = express()
  app.use(graceful.middleware)
  app.get('/slow', async (_req, res) => {
    arrived()
    await released
    res.json({ done: true })
  })
  app.get('/quick', (_req, res) => res.json({ quick: true }))
  server = app.listen(0, '127.0.0.1')
  return { graceful, release, slowArrived, port: () => (server!.address() as AddressInfo).port }
}

function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
    })
    request.on('error', reject)
  })
}

describe('the graceful stop', () => {
  it('refuses new connections, lets the request in flight finish with Connection: close, then resolves', async () => {
    const { graceful, release, slowArrived, port } = serve(10_000, 50)
    await new Promise((resolve) => server!.once('listening', resolve))
    const at = port()
    const agent = new http.Agent({ keepAlive: true })
    expect((await get(at, '/quick', agent)).connection).toBe('keep-alive')
    const slow = get(at, '/slow', new http.Agent({ keepAlive: true }))
    await slowArrived
    let stopped = false
    const stopping = graceful.stop(server!).then(() => (stopped = true))
    await expect(get(at, '/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect(stopped).toBe(false)
    release()
    const answer = await slow
    expect(answer).toMatchObject({ status: 200, connection: 'close' })
    expect(JSON.parse(answer.body)).toEqual({ done: true })
    // The idle keep-alive connection of the first request was closed after idleMs; then stop resolves.
    await stopping
    expect(stopped).toBe(true)
    agent.destroy()
  })

  it('cuts a request that does not finish within the grace', async () => {
    const { graceful, slowArrived, port } = serve(200, 50)
    await new Promise((resolve) => server!.once('listening', resolve))
    const slow = get(port(), '/slow')
    await slowArrived
    await graceful.stop(server!)
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' })
  })
})
