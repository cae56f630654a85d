/**
 * Where a 401 from an authenticated call is reported (data/api.ts) and who hears it (the session store,
 * which signs the person out). Apart from the API client so the session can register without loading
 * the client: a signed-out visit to a public page makes no API call until the person does something.
 */
type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler = () => {}

export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler
}

export function reportUnauthorized(): void {
  onUnauthorized()
}
