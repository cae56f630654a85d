/**
 * Whether a card as pulled differs from the one the device holds, field by field (schedules included):
 * the pull writes only those, so a second pull of 10,000 unchanged cards writes nothing (issue 43).
 */
import type { LocalCard } from './card-types.ts'

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  if (keys.length !== Object.keys(right).length) return false
  return keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && same(left[key], right[key]))
}

export function cardChanged(held: LocalCard | undefined, pulled: LocalCard): boolean {
  return !held || !same(held, pulled)
}
