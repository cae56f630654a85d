/**
 * Media URLs carry the learner's grant in the query (`/media/v/<media key>/…?grant=…`, sync-server
 * media/grants.ts), so the path alone names the bytes and a CDN keeps one copy for every learner. The
 * server writes the grant into every URI of the playlists it sends. A download reads the playlists
 * without it (`withoutGrant`): what it stores, and the names it checks parts against, are the files'
 * own names, as they were when the grant was part of the path, so its Cache Storage keys
 * (`/offline-media/<video id>/…`) are the same before and after. The URLs it fetches get the grant of
 * the URL they are relative to (`underGrantOf`): a query is not inherited by relative URLs.
 */
const GRANT_PARAM = 'grant'

/** `relative` resolved against `base`, with `base`'s grant when it has one and `relative` none. */
export function underGrantOf(relative: string, base: string): string {
  const url = new URL(relative, base)
  const grant = new URL(base).searchParams.get(GRANT_PARAM)
  if (grant !== null && !url.searchParams.has(GRANT_PARAM)) url.searchParams.append(GRANT_PARAM, grant)
  return url.href
}

const dropGrant = (uri: string) => {
  const query = uri.indexOf('?')
  if (query < 0) return uri
  const kept = uri
    .slice(query + 1)
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith(`${GRANT_PARAM}=`))
  return kept.length > 0 ? `${uri.slice(0, query)}?${kept.join('&')}` : uri.slice(0, query)
}

/**
 * Whether two media URLs name the same bytes, whatever grant each carries. A grant is signed anew each
 * time a tab reads the playlists, so a part the browser fetched for one tab can come back under
 * another URL than the one a later tab wrote into the download's record.
 */
export function sameMediaUrl(a: string, b: string): boolean {
  return dropGrant(a) === dropGrant(b)
}

/** A playlist with the grant taken out of every URI it lists (URI lines and `URI="…"` attributes). */
export function withoutGrant(playlist: string): string {
  return playlist
    .split('\n')
    .map((line) => {
      const text = line.trim()
      if (text === '') return line
      if (!text.startsWith('#')) return dropGrant(text)
      return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${dropGrant(uri)}"`)
    })
    .join('\n')
}
