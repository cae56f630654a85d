/**
 * The settings dialog's rules (spec sections 2, 4, 5): display-name validation with the contract's
 * limits, the goal options with the current custom value added, and when Save is enabled.
 */
import { DAILY_GOAL_HIGHLIGHTS, DAILY_GOAL_OPTIONS } from '../../../../contract/limits.ts'
import { displayNameProblem, normalizeDisplayName, type DisplayNameProblem } from '../../../../contract/text-rules.ts'
import type { User } from '../../../../contract/schemas/user.ts'

export type NameCheck =
  | { kind: 'unchanged' }
  | { kind: 'same' }
  | { kind: 'valid'; value: string }
  | { kind: 'invalid'; reason: DisplayNameProblem }

/**
 * `unchanged`: the field still holds the current name as loaded (nothing to say);
 * `same`: the person typed and arrived back at the current name ("That's already your current name.").
 * The rules are the server's own (contract/text-rules.ts); admins may give staff names.
 */
export function checkDisplayName(input: string, current: string | null, edited: boolean, options: { allowStaffNames?: boolean } = {}): NameCheck {
  const value = normalizeDisplayName(input)
  const currentValue = normalizeDisplayName(current ?? '')
  if (value === currentValue) return edited && value !== '' ? { kind: 'same' } : { kind: 'unchanged' }
  const problem = displayNameProblem(value, options)
  return problem ? { kind: 'invalid', reason: problem } : { kind: 'valid', value }
}

/** Premium members change their name unless the cooldown is running. */
export function canEditName(user: Pick<User, 'is_premium' | 'premium' | 'can_change_display_name'>): boolean {
  return Boolean(user.is_premium || user.premium) && user.can_change_display_name
}

export interface GoalOption {
  minutes: number
  /** Translation key of the highlight ('easyHabit', 'recommendedPace'), or 'custom' for a value outside the list. */
  tag: string | null
}

export function goalOptions(current: number | null): GoalOption[] {
  const options: GoalOption[] = DAILY_GOAL_OPTIONS.map((minutes) => ({ minutes, tag: DAILY_GOAL_HIGHLIGHTS[minutes] ?? null }))
  if (current !== null && !options.some((option) => option.minutes === current)) {
    options.push({ minutes: current, tag: 'custom' })
    options.sort((a, b) => a.minutes - b.minutes)
  }
  return options
}

export interface SaveInput {
  user: Pick<User, 'is_premium' | 'premium' | 'can_change_display_name' | 'daily_goal_minutes'>
  name: NameCheck
  goal: number
  saving: boolean
}

/** What a save would send; null when there is nothing valid to save. */
export function pendingChanges({ user, name, goal, saving }: SaveInput): { displayName?: string; goal?: number } | null {
  if (saving) return null
  const changes: { displayName?: string; goal?: number } = {}
  if (canEditName(user) && name.kind === 'valid') changes.displayName = name.value
  if (goal !== user.daily_goal_minutes) changes.goal = goal
  if (name.kind === 'invalid' && canEditName(user)) return null
  return changes.displayName !== undefined || changes.goal !== undefined ? changes : null
}

/** A translation key with its values, or the server's own words. */
export type SettingsMessage = { key: string; values?: Record<string, string> } | { text: string }

/**
 * Save failures (spec section 8): the cooldown and premium rules in our words, validation errors as
 * the server listed them, otherwise the server's error message or "Could not update settings."
 */
export function settingsErrorMessage(
  error: { status?: number; code?: string; errors?: string[]; body?: { message?: string; next_change_at?: unknown } | null },
  offline: boolean,
): SettingsMessage {
  if (offline) return { key: 'errors.offline' }
  if (error.code === 'cooldown' && typeof error.body?.next_change_at === 'string') {
    return { key: 'errors.cooldown', values: { date: error.body.next_change_at } }
  }
  if (error.code === 'premium_required') return { key: 'errors.premiumRequired' }
  if (error.status === 422 && error.errors && error.errors.length > 0) return { text: error.errors.join(' ') }
  return error.body?.message ? { text: error.body.message } : { key: 'errors.saveFailed' }
}

/** The key (under the settings namespace) of the line under the name field, or null for none. */
export function nameHintKey(name: NameCheck, editable: boolean): 'name.same' | `name.${DisplayNameProblem}` | null {
  if (name.kind === 'same') return 'name.same'
  if (name.kind === 'invalid' && editable) return `name.${name.reason}`
  return null
}
