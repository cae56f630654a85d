/**
 * Who may watch what (api-contract "Access"): `free` plays in full for everyone signed in; `premium`
 * only for premium users; `preview` in full for premium users and for the first PREVIEW_SECONDS for
 * everyone else. Admins watch as premium users do. Unpublished videos are not in the catalogue.
 */
export type CanWatch = 'full' | 'preview' | 'none'

export function canWatch(
  video: { access_level: string; published_at: string | null },
  user: { is_premium: number; is_admin: number },
): CanWatch {
  if (video.published_at === null) return 'none'
  const entitled = user.is_premium === 1 || user.is_admin === 1
  switch (video.access_level) {
    case 'free':
      return 'full'
    case 'premium':
      return entitled ? 'full' : 'none'
    case 'preview':
      return entitled ? 'full' : 'preview'
    default:
      return 'none'
  }
}
