/**
 * Whether the page the server sent is the landing of a deployment not yet open (`PRE_LAUNCH` on the
 * server): the build prerenders the landing both ways, and the server marks the pre-launch copy on
 * <html> (`data-pre-launch`). No React here: the landing's first script (app/entry.ts) reads it.
 */
export function isPreLaunchPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-pre-launch')
}
