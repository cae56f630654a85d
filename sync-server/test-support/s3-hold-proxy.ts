/**
 * An HTTP proxy in front of the S3 gateway that can stop a process dead, as a kill -9 would: every
 * request is passed on unchanged (the SigV4 signature covers the Host header the client sent, which is
 * passed as it is) until `holdNext(match)`; the first request `match` accepts then gets no answer and is
 * never passed on, nor is any request after it, so the bucket never sees what the process did after
 * that moment. `close()` drops every held connection.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HeldRequest {
  method: string
  /** The path and query, e.g. `/bucket/uploads/<id>?partNumber=1&uploadId=…`. */
  url: string
}

export interface S3HoldProxy {
  url: string
  /** Requests passed on so far (method and URL), oldest first. */
  passed: HeldRequest[]
  /** Resolves with the first request `match` accepts, once it has arrived (it is held from then on). */
  holdNext(match: (request: HeldRequest) => boolean): Promise<HeldRequest>
  /** Holds every request `match` accepts (never answered, never passed on) and passes all others: one write lost, the rest landing. */
  holdOnly(match: (request: HeldRequest) => boolean): void
  close(): Promise<void>
}

export async function startS3HoldProxy(target: string): Promise<S3HoldProxy> {
  const upstream = new URL(target)
  const passed: HeldRequest[] = []
  let frozen = false // every request is held from now on
  let armed: { match: (request: HeldRequest) => boolean; resolve: (request: HeldRequest) => void } | undefined
  const held: http.IncomingMessage[] = []
  let only: ((request: HeldRequest) => boolean) | undefined

  const server = http.createServer((req, res) => {
    const request = { method: req.method ?? 'GET', url: req.url ?? '/' }
    if (armed?.match(request)) {
      frozen = true
      armed.resolve(request)
      armed = undefined
    }
    if (frozen || only?.(request)) {
      held.push(req) // never answered, never passed on: the process is dead to the bucket
      return
    }
    passed.push(request)
    const headers = { ...req.headers }
    delete headers.expect // answered here; the SDK never signs it
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    holdNext: (match) => new Promise((resolve) => (armed = { match, resolve })),
    holdOnly: (match) => {
      only = match
    },
    async close() {
      for (const req of held) req.socket.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
