/**
 * Answers asked for before the app's JavaScript arrived. For a signed-in visit, public/signed-in-preload.js
 * starts the first page's GET calls (who am I, today's progress, the languages, the page's list or video)
 * while the browser is still downloading the app, and leaves each pending response here by its path. The
 * first apiRequest of that path with the same token and time zone takes it instead of asking again; each is
 * taken once, and only while fresh, so a later call always goes to the network (issue 32: on a phone on
 * slow 4G the page's data no longer waits for the JavaScript, and its first poster not for the data).
 */

/** What signed-in-preload.js leaves on `window.__dehieuEarly`, by API path (after the API base). */
export interface EarlyAnswer {
  token: string
  zone: string
  /** Date.now() when it was asked for. */
  at: number
  response: Promise<Response>
}

declare global {
  interface Window {
    __dehieuEarly?: Record<string, EarlyAnswer | undefined>
  }
}

/** Past this an answer asked for at load is not the one a call wants now. */
export const EARLY_ANSWER_FRESH_MS = 10_000

/** The response started at load for this GET, once; undefined when there is none to take (then fetch as usual). */
export function takeEarlyAnswer(path: string, token: string | null, zone: string | undefined): Promise<Response> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.__dehieuEarly
  const answer = answers?.[path]
  if (!answers || !answer) return undefined
  delete answers[path]
  if (answer.token !== token || answer.zone !== (zone ?? '') || Date.now() - answer.at > EARLY_ANSWER_FRESH_MS) return undefined
  return answer.response
}
