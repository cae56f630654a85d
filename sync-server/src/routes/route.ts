/**
 * Registers a route of the contract's table (contract/routes.ts) by its name: the method and path come
 * from the table, never typed twice. `on` adds it to the API router (paths under API_BASE); `early`
 * adds it to the app itself, ahead of the API router (the hot path, and bodies that are not JSON, with
 * the API's prelude of logging and headers given in the handlers). Each name registered is noted per
 * router, so the app can say which of the table's routes it serves (registeredRoutes).
 */
import type { Express, RequestHandler, Router } from 'express'
import { API_BASE } from '../../../contract/index.ts'
import { ROUTES, type RouteName } from '../../../contract/routes.ts'

const registered = new WeakMap<object, Set<RouteName>>()

function note(target: object, name: RouteName) {
  let names = registered.get(target)
  if (!names) registered.set(target, (names = new Set()))
  names.add(name)
}

type Verb = 'get' | 'post' | 'patch' | 'put' | 'delete'
const verbOf = (name: RouteName) => ROUTES[name].method.toLowerCase() as Verb

/** A route on the API router. */
export function on(router: Router, name: RouteName, ...handlers: RequestHandler[]) {
  note(router, name)
  router[verbOf(name)](ROUTES[name].path, ...handlers)
}

/** A route on the app, ahead of the API router. */
export function early(app: Express, name: RouteName, ...handlers: RequestHandler[]) {
  note(app, name)
  app[verbOf(name)](API_BASE + ROUTES[name].path, ...handlers)
}

/** Notes a route the app serves by other means (the tus server's own methods). */
export function served(target: object, name: RouteName) {
  note(target, name)
}

/** The table's routes registered on these routers and apps. */
export function registeredRoutes(...targets: object[]): RouteName[] {
  return [...new Set(targets.flatMap((target) => [...(registered.get(target) ?? [])]))].sort()
}
