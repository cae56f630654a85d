/**
 * /health/live and /health/ready (issue 47): live says the process answers; ready says it should get
 * requests, and says why not (a database gone, a disk under its reserve), and comes back by itself.
 */
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { apiClient } from '../../test-support/http-client.ts'
import { freePort } from '../../test-support/nginx-server.ts'
import { createDatabase } from '../../test-support/postgres-server.ts'
import { postgresAdminUrl, postgresForThisFile } from '../../test-support/test-databases.ts'
import { startTestServer, type TestServer } from '../../test-support/test-server.ts'

postgresForThisFile()

const open: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close()
})

async function serve(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ env })
  open.push(() => server.close())
  return server
}

/** A TCP forwarder to PostgreSQL that the test can cut (every connection dropped, new ones refused) and mend. */
async function cuttableForwarder(target: URL) {
  const port = await freePort()
  const sockets = new Set<net.Socket>()
  let listener: net.Server | undefined
  const listen = () =>
    new Promise<void>((resolve) => {
      listener = net.createServer((socket) => {
        const upstream = net.connect(Number(target.port), target.hostname)
        sockets.add(socket).add(upstream)
        socket.pipe(upstream).pipe(socket)
        socket.on('error', () => upstream.destroy())
        upstream.on('error', () => socket.destroy())
      })
      listener.listen(port, '127.0.0.1', resolve)
    })
  const cut = async () => {
    await new Promise<void>((resolve) => {
      listener!.close(() => resolve())
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    })
  }
  await listen()
  return { port, cut, mend: listen }
}

describe('GET /health/live and /health/ready', () => {
  it('are both good on a healthy server, and ready names each check', async () => {
    const server = await serve()
    const api = apiClient(server.api)
    expect(await api.get('/health/live')).toMatchObject({ status: 200, body: { status: 'live' } })
    const ready = await api.get('/health/ready')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', disk: 'ok' } })
  })

  it('is not ready while the disk is under its reserve, and says so without naming folders; live still answers', async () => {
    const server = await serve({ DISK_RESERVE_BYTES: String(2 ** 52) })
    const api = apiClient(server.api)
    const ready = await api.get('/health/ready')
    expect(ready.status).toBe(503)
    expect(ready.body).toMatchObject({ error: 'not_ready', checks: { database: 'ok', disk: 'the disk is under its reserve' } })
    expect(ready.body.message).toContain('the disk is under its reserve')
    expect(JSON.stringify(ready.body)).not.toContain(server.dataDir)
    expect((await api.get('/health/live')).status).toBe(200)
  })

  it('a process that loses its PostgreSQL is not ready and says why, and is ready again by itself when it comes back', async () => {
    const database = await createDatabase(postgresAdminUrl())
    open.push(() => database.drop())
    const target = new URL(database.url)
    const forwarder = await cuttableForwarder(target)
    const through = new URL(database.url)
    through.port = String(forwarder.port)
    const server = await serve({ DATABASE_URL: through.toString(), WORKERS: '0' })
    const api = apiClient(server.api)
    expect((await api.get('/health/ready')).status).toBe(200)

    await forwarder.cut()
    const lost = await api.get('/health/ready')
    expect(lost.status).toBe(503)
    expect(lost.body).toMatchObject({ error: 'not_ready', checks: { database: 'the database does not answer' } })
    expect(lost.body.message).toMatch(/database does not answer/)
    // The process itself still answers: a supervisor must not restart it for this.
    expect((await api.get('/health/live')).status).toBe(200)

    await forwarder.mend()
    // No restart, no call from outside: the next probe finds the database again.
    const back = await api.get('/health/ready')
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } })
  })
})
