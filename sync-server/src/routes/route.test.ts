/**
 * The route table is the authority (routes/route.ts): where each route is mounted, and the refusal a
 * caller without the role hears, come from its entry in contract/routes.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE } from '../../../contract/index.ts'
import { ROUTES, type RouteName, type RouteSpec } from '../../../contract/routes.ts'
import { signIn, startTestServer, type TestServer } from '../../test-support/test-server.ts'
import { servedAhead } from './route.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: string }

/** `METHOD /api/v1/path` of the routes on the app itself, and of those on the API router. */
function mounts() {
  const ahead = new Set<string>()
  const onApi = new Set<string>()
  const names = (layer: Layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} `)
  for (const layer of (server.app as unknown as { router: { stack: Layer[] } }).router.stack) {
    if (layer.route) for (const method of names(layer)) ahead.add(method + layer.route.path)
    else if (layer.rawPath === API_BASE) for (const inner of layer.handle?.stack ?? []) if (inner.route) for (const method of names(inner)) onApi.add(method + API_BASE + inner.route.path)
  }
  return { ahead, onApi }
}

describe('the route table', () => {
  it('says where each route is served: bodies that are not JSON and entries marked ahead on the app, the rest on the API router', () => {
    const { ahead, onApi } = mounts()
    const misplaced = (Object.entries(ROUTES) as Array<[RouteName, RouteSpec]>)
      .filter(([, spec]) => spec.body.kind !== 'tus')
      .filter(([, spec]) => {
        const key = `${spec.method} ${API_BASE}${spec.path}`
        return servedAhead(spec) ? !ahead.has(key) || onApi.has(key) : !onApi.has(key) || ahead.has(key)
      })
      .map(([name]) => name)
    expect(misplaced).toEqual([])
    expect(ahead.has(`GET ${API_BASE}${ROUTES['me.dailyProgress'].path}`)).toBe(true)
    expect(ahead.has(`POST ${API_BASE}${ROUTES['billing.webhook'].path}`)).toBe(true)
  })

  it('answers a learner without premium the entry’s own refusal, before a word about the body', async () => {
    const { token } = await signIn(server, 'learner-table@example.com')
    const response = await fetch(`${server.api}/me/display_name`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 42 }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'premium_required', message: ROUTES['me.displayName'].refused })
  })
})
