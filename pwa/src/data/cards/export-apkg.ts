/**
 * "Export to Anki (.apkg)": the package needs the bearer token, so a plain link cannot fetch it. The
 * file is fetched here and handed to the browser as a download under the name the server gave it.
 */
import { API_BASE } from '../../../../contract/limits.ts'
import { ApiError, NetworkError } from '../api.ts'
import { pathOf } from '../api-call.ts'
import { sessionHeaders } from '../request-headers.ts'
import { readString, STORAGE_KEYS } from '../storage.ts'
import { reportUnauthorized } from '../unauthorized.ts'

export async function downloadApkg(language: string): Promise<void> {
  const token = readString(STORAGE_KEYS.token)
  let response: Response
  let blob: Blob
  try {
    response = await fetch(`${API_BASE}${pathOf('cards.exportApkg', {}, { language })}`, { headers: sessionHeaders(token) })
    blob = await response.blob()
  } catch (error) {
    throw new NetworkError(error)
  }
  if (!response.ok) {
    if (response.status === 401 && token) reportUnauthorized()
    throw new ApiError(response.status, null)
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `dehieu-${language}.apkg`
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
