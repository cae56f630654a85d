/**
 * Why the device would not keep a queued upload's file (uploadQueue.enqueue stores it in IndexedDB
 * before anything is sent), so the form tells the truth:
 * - `full`: the storage quota is used up (QuotaExceededError): freeing space helps;
 * - `refused`: the browser does not let this site keep files at all: a private window (WebKit's
 *   ephemeral sessions refuse Blobs in IndexedDB: "UnknownError: Error preparing Blob/File data to
 *   be stored in object store"; Firefox's private windows used to refuse IndexedDB writes with
 *   InvalidStateError), storage turned off for the site (SecurityError), or no IndexedDB at all.
 *   Freeing space does not help; a normal window does;
 * - `unknown`: anything else (try again).
 * Dexie wraps the browser's error (`inner`), sometimes twice (a transaction aborted by its request).
 */
export type NotKeptReason = 'full' | 'refused' | 'unknown'

const REFUSALS = new Set(['InvalidStateError', 'SecurityError', 'DataCloneError', 'MissingAPIError', 'OpenFailedError', 'NotAllowedError'])

export function whyNotKept(error: unknown): NotKeptReason {
  const seen: Array<{ name: string; message: string }> = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { name, message, inner } = current as { name?: unknown; message?: unknown; inner?: unknown }
    seen.push({ name: String(name ?? ''), message: String(message ?? '') })
    current = inner
  }
  if (seen.some(({ name, message }) => name === 'QuotaExceededError' || /quota/i.test(message))) return 'full'
  if (seen.some(({ name, message }) => REFUSALS.has(name) || /Blob\/File data/i.test(message))) return 'refused'
  return 'unknown'
}
