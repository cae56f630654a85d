/**
 * Who may watch what: the rule itself is contract/access.ts (the PWA describes access by it too);
 * unpublished videos are not in the catalogue.
 */
import { ACCESS_LEVELS } from '../../../contract/limits.ts'
import { accessFor, type CanWatch } from '../../../contract/access.ts'

type AccessLevel = (typeof ACCESS_LEVELS)[number]

export type { CanWatch }

export function canWatch(
  video: { access_level: string; published_at: string | null },
  user: { is_premium: number; is_admin: number },
): CanWatch {
  if (video.published_at === null) return 'none'
  return accessFor(video.access_level, user.is_premium === 1 || user.is_admin === 1)
}

/**
 * How far into the videos of each access level this user may read the transcript, as the search over
 * it must see it (issue 45: a free learner found a premium video's lines, and a preview's past its cut,
 * by what the search matched): `null` every line, a number the lines starting before it (the
 * preview), and a level absent none. Derived from canWatch, so the two cannot drift apart.
 */
export function transcriptReach(user: { is_premium: number; is_admin: number }, previewSeconds: number): Array<{ accessLevel: AccessLevel; beforeSeconds: number | null }> {
  return ACCESS_LEVELS.flatMap((accessLevel) => {
    const access = canWatch({ access_level: accessLevel, published_at: 'published' }, user)
    if (access === 'none') return []
    return [{ accessLevel, beforeSeconds: access === 'preview' ? previewSeconds : null }]
  })
}
