/** The routes a running app serves, read from its router, so tests that must cover all of them do. */
import { API_BASE } from '../../contract/index.ts'
import type { createApp } from '../src/app.ts'

export interface AppRoute {
  /** Upper case; `ALL` for a route registered with app.all (the tus endpoint). */
  method: string
  /** The full path as registered, e.g. `/api/v1/videos/:id` or `/api/v1/uploads/*splat`. */
  path: string
}

/** Every route under the API base, on the app itself or on the API router mounted at it. */
export function apiRoutes(app: ReturnType<typeof createApp>): AppRoute[] {
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: string }
  const found = new Map<string, AppRoute>()
  const add = (path: string, methods: Record<string, boolean>) => {
    if (!path.startsWith(API_BASE)) return
    // app.all registers every method Express knows.
    const names = Object.keys(methods).length > 10 ? ['ALL'] : Object.keys(methods).map((name) => name.toUpperCase())
    for (const method of names) found.set(`${method} ${path}`, { method, path })
  }
  for (const layer of (app as unknown as { router: { stack: Layer[] } }).router.stack) {
    if (layer.route) {
      for (const path of ([] as string[]).concat(layer.route.path)) add(path, layer.route.methods)
    } else if (layer.handle?.stack && layer.rawPath === API_BASE) {
      for (const inner of layer.handle.stack) if (inner.route) for (const path of ([] as string[]).concat(inner.route.path)) add(API_BASE + path, inner.route.methods)
    }
  }
  return [...found.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
}
