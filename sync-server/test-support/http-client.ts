/** A tiny JSON client for server tests: every call goes over real HTTP to the test server. */
import http from 'node:http'

export interface JsonResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

/**
 * `localAddress` makes the calls come from another loopback address (127.0.0.0/8 is all loopback), so
 * a test can be "another network" to the server's per-IP rules without a proxy header.
 */
export function apiClient(api: string, defaults: { token?: string; headers?: Record<string, string>; localAddress?: string } = {}) {
  async function call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...defaults.headers, ...options.headers }
    const token = options.token === null ? undefined : (options.token ?? defaults.token)
    if (token) headers.authorization = `Bearer ${token}`
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = defaults.localAddress
      ? await requestFrom(defaults.localAddress, `${api}${path}`, { method, headers, body })
      : await fetch(`${api}${path}`, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: keep the text so a test can show it
    }
    return { status: response.status, body: parsed as T, headers: response.headers }
  }
  return {
    call,
    get: <T = any>(path: string, options?: Parameters<typeof call>[2]) => call<T>('GET', path, options),
    post: <T = any>(path: string, body?: unknown, options?: Parameters<typeof call>[2]) => call<T>('POST', path, { ...options, body }),
    patch: <T = any>(path: string, body?: unknown, options?: Parameters<typeof call>[2]) => call<T>('PATCH', path, { ...options, body }),
    delete: <T = any>(path: string, options?: Parameters<typeof call>[2]) => call<T>('DELETE', path, options),
  }
}

/** fetch() cannot choose its source address; node:http can. Answers a fetch Response. */
function requestFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
        }
        const status = incoming.statusCode ?? 0
        resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers }))
      })
      incoming.on('error', reject)
    })
    request.on('error', reject)
    request.end(init.body)
  })
}
