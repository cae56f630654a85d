/**
 * Requests with exact bytes over node:http, for tests of bodies that break off: fetch would fix the
 * length, finish the body and hide a closed socket. Also a builder for multipart bodies by hand.
 */
import http from 'node:http'

export interface RawAnswer {
  /** 0 when no answer came (the socket was closed by us, or by the server). */
  status: number
  text: string
  json: { error?: string; message?: string; errors?: string[]; data?: unknown } | undefined
}

export function rawRequest(options: {
  url: string
  method?: string
  headers?: Record<string, string | number>
  body?: Buffer
  /**
   * How the body ends: `end` (default) sends it and ends the request; `destroy` sends it and then
   * closes the socket without ending, as a client that goes away mid-upload does.
   */
  finish?: 'end' | 'destroy'
}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const request = http.request(options.url, { method: options.method ?? 'POST', headers: options.headers, agent: false })
    let answered = false
    const none = () => {
      if (!answered) resolve({ status: 0, text: '', json: undefined })
      answered = true
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', none)
      response.on('end', () => {
        if (answered) return
        answered = true
        const text = Buffer.concat(chunks).toString('utf8')
        let json: RawAnswer['json']
        try {
          json = JSON.parse(text) as RawAnswer['json']
        } catch {
          json = undefined
        }
        resolve({ status: response.statusCode ?? 0, text, json })
      })
    })
    request.on('error', none)
    request.on('close', () => setImmediate(none))
    if (options.finish === 'destroy') {
      if (options.body?.length) request.write(options.body, () => request.destroy())
      else request.destroy()
    } else request.end(options.body)
  })
}

export type Part =
  | { name: string; value: string | Buffer }
  | { name: string; filename: string; type: string; data: Buffer }
  /** Raw bytes in place of a part: a header cut off, junk, anything. */
  | { raw: Buffer }

/** A multipart/form-data body; without `close`, the final boundary is left off. */
export function multipartBody(parts: Part[], options: { boundary?: string; close?: boolean } = {}) {
  const boundary = options.boundary ?? 'dehieu-test-boundary'
  const pieces: Buffer[] = []
  for (const part of parts) {
    if ('raw' in part) {
      pieces.push(part.raw)
      continue
    }
    pieces.push(Buffer.from(`--${boundary}\r\n`))
    if ('filename' in part) {
      pieces.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`))
      pieces.push(part.data)
    } else {
      pieces.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n`))
      pieces.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value)
    }
    pieces.push(Buffer.from('\r\n'))
  }
  if (options.close !== false) pieces.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` }
}
