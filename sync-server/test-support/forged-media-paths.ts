/**
 * Media paths forged to serve one video's files under another video's grant (issue 45): a grant `G`
 * good for video key `from`, and a path that names `from` as sent but `to` once dot segments are
 * resolved (`/media/v/<from>/../<to>/v360p/seg_001.m4s?grant=G`), spelled every way a server or proxy
 * might read differently: plain, percent-encoded (either case, mixed, twice), `/` encoded, extra
 * segments and slashes. Sent as they stand (rawPath below), never through URL, which would resolve them.
 */
import http from 'node:http'
import fc from 'fast-check'

/** Ways to write `..` and `.` as a path segment. */
const DOT_DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2E.', '%252e%252e', '%252E%252E'] as const
const DOTS = ['.', '%2e', '%2E', '%252e'] as const
/** Ways to write the slash that ends a segment. */
const SLASHES = ['/', '%2f', '%2F', '%252f'] as const

/** Files of a ladder, with the preview's cut in mind (a late segment is past any preview), the audio-only rendition's too. */
export const LADDER_FILES = ['v360p/seg_001.m4s', 'v360p/seg_005.m4s', 'v360p/init.mp4', 'a48k/seg_001.m4s'] as const

/** The forged paths of a list test: each spelling of the climb out of `from` and into `to`. */
export function forgedMediaPaths(from: string, to: string, grant: string, file: string = LADDER_FILES[0]): string[] {
  const query = `?grant=${grant}`
  const paths = new Set<string>()
  for (const up of DOT_DOTS) {
    for (const slash of SLASHES) {
      paths.add(`/media/v/${from}/${up}${slash}${to}/${file}${query}`)
    }
    // Up from inside the rendition folder, and via a folder that is not there.
    paths.add(`/media/v/${from}/v360p/${up}/${up}/${to}/${file}${query}`)
    paths.add(`/media/v/${from}/x/${up}/${up}/${to}/${file}${query}`)
  }
  for (const dot of DOTS) paths.add(`/media/v/${from}/${dot}/../${to}/${file}${query}`)
  paths.add(`/media/v/${from}//../${to}/${file}${query}`)
  paths.add(`/media/v/${from}/../../v/${to}/${file}${query}`)
  paths.add(`/media/v/${from}/..;/${to}/${file}${query}`)
  // The right video's path, spelled other than the playlists write it: never the other video's check.
  paths.add(`/media/v/${to}/./${file}${query}`)
  paths.add(`/media/v/${to}/${file.replace('seg_', 'seg%5F')}${query}`)
  paths.add(`/media/v/${to}/${file.replace('/', '//')}${query}`)
  return [...paths]
}

/** The same, drawn at random: any run of climbs, dots and slashes between the two keys. */
export function forgedMediaPath(from: string, to: string, grant: string): fc.Arbitrary<string> {
  const segment = fc.oneof(fc.constantFrom(...DOT_DOTS), fc.constantFrom(...DOTS), fc.constantFrom('v360p', 'a48k', 'x', '', from, to))
  return fc
    .record({
      before: fc.array(fc.tuple(segment, fc.constantFrom(...SLASHES)), { minLength: 1, maxLength: 5 }),
      file: fc.constantFrom(...LADDER_FILES),
      grantFirst: fc.boolean(),
    })
    .map(({ before, file, grantFirst }) => {
      const middle = before.map(([name, slash]) => `${name}${slash}`).join('')
      const query = grantFirst ? `?grant=${grant}` : `?x=1&grant=${grant}`
      return `/media/v/${from}/${middle}${to}/${file}${query}`
    })
}

/** A GET with the path exactly as given (fetch and URL would resolve the dot segments first). */
export function rawPath(base: string, path: string): Promise<{ status: number; type: string; body: Buffer }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method: 'GET', path, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}
