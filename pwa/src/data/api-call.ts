/**
 * The typed door to the API: `call('ratings.create', body)`. The method and path come from the
 * contract's route table (contract/routes.ts), the body's and query's types from its schemas
 * (contract/route-schemas.ts, types only: no zod is loaded), path parameters are filled in and escaped,
 * and the answer's type comes from the contract's answers (contract/route-answers.ts). A route whose body
 * is not JSON (a caption file) sends it as `rawBody`. Errors are api.ts's (ApiError, NetworkError). Every
 * call of the API in pwa/src/data goes through here (api-call-only.test.ts checks it).
 */
import type { RouteAnswer } from '../../../contract/route-answers.ts'
import type { RouteBody, RouteQuery } from '../../../contract/route-schemas.ts'
import { ROUTES, type RouteName } from '../../../contract/routes.ts'
import { apiRequest, type RequestOptions } from './api.ts'

type Answer<K extends RouteName> = RouteAnswer<K>

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never
type Params<K extends RouteName> = [ParamNames<(typeof ROUTES)[K]['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<(typeof ROUTES)[K]['path']>, string | number> }

export type CallOptions<K extends RouteName> = Params<K> &
  Pick<RequestOptions, 'timeoutMs' | 'signal' | 'token' | 'rawBody' | 'headers' | 'onAnswer'> & { query?: [RouteQuery<K>] extends [never] ? undefined : RouteQuery<K> }

type BodyArgs<K extends RouteName> = [RouteBody<K>] extends [never] ? [body?: undefined] : [body: RouteBody<K>]
type Rest<K extends RouteName> = [ParamNames<(typeof ROUTES)[K]['path']>] extends [never] ? [options?: CallOptions<K>] : [options: CallOptions<K>]

/** The route's path with its `:name` parts filled in, and its query (values left empty are left out). */
export function pathOf(name: RouteName, params: Record<string, string | number> = {}, query?: object): string {
  const path = ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => {
    if (params[key] === undefined) throw new Error(`${name}: no value for :${key}`)
    return encodeURIComponent(String(params[key]))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/**
 * A route named at run time (the outbox registry's entries, each typed by its kind there): the body and
 * answer are the caller's to type.
 */
export function callRoute(name: RouteName, body: unknown, params?: Record<string, string | number>, query?: object): Promise<unknown> {
  return apiRequest<unknown>(ROUTES[name].method, pathOf(name, params, query), { body })
}

export function call<K extends RouteName>(name: K, ...args: [...BodyArgs<K>, ...Rest<K>]): Promise<Answer<K>> {
  const [body, options] = args as unknown as [unknown, { params?: Record<string, string | number>; query?: object } & Pick<RequestOptions, 'timeoutMs' | 'signal' | 'token' | 'rawBody' | 'headers' | 'onAnswer'> | undefined]
  const { params, query, ...request } = options ?? {}
  return apiRequest<Answer<K>>(ROUTES[name].method, pathOf(name, params, query), { ...request, body })
}
