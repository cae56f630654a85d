/**
 * Who may watch what (api-contract "Access"), one rule for the server and the PWA: `free` plays in
 * full for everyone signed in; `premium` only for premium users; `preview` in full for premium users
 * and for the first PREVIEW_SECONDS for everyone else. Admins watch as premium users do. The server
 * enforces it (sync-server/src/rules/access.ts); the PWA reads it to describe the learner's own access
 * (issue 41 item 12: a premium learner saw "Preview" badges and Download only on free videos).
 */
export type CanWatch = 'full' | 'preview' | 'none'

export function accessFor(accessLevel: string, entitled: boolean): CanWatch {
  switch (accessLevel) {
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
