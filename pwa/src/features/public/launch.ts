/**
 * Whether this deployment has opened. An open one (the default) greets a visitor with Start watching /
 * Sign in; a pre-launch one with "Coming soon" and the waitlist. The prerender says which copy it is
 * rendering; in the browser the page the server sent says it, so hydration renders what the HTML holds.
 */
import { createContext, useContext } from 'react'
import { isPreLaunchPage } from './pre-launch-page.ts'

/** Given by the prerender; in the browser, read from the page the server sent. */
export const PreLaunchContext = createContext<boolean | null>(null)

export function usePreLaunch(): boolean {
  return useContext(PreLaunchContext) ?? isPreLaunchPage()
}
