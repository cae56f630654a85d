/** A tiny JSON client for server tests: every call goes over real HTTP to the test server. */
export interface JsonResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

export function apiClient(api: string, defaults: { token?: string; headers?: Record<string, string> } = {}) {
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
    const response = await fetch(`${api}${path}`, { method, headers, body })
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
