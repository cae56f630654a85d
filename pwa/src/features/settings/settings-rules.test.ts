import { describe, expect, it } from 'vitest'
import { canEditName, checkDisplayName, goalOptions, nameHintKey, pendingChanges, settingsErrorMessage } from './settings-rules.ts'

const premium = { is_premium: true, premium: true, can_change_display_name: true, daily_goal_minutes: 15 }
const free = { ...premium, is_premium: false, premium: false }

describe('display name', () => {
  it('accepts 3..32 letters (any script), digits, space, dot, underscore, hyphen, trimmed', () => {
    expect(checkDisplayName('  Nguyễn Thị Mai ', null, true)).toEqual({ kind: 'valid', value: 'Nguyễn Thị Mai' })
    expect(checkDisplayName('mai_2.0-x', null, true)).toMatchObject({ kind: 'valid' })
    expect(checkDisplayName('ab', null, true)).toEqual({ kind: 'invalid', reason: 'length' })
    expect(checkDisplayName('a'.repeat(33), null, true)).toEqual({ kind: 'invalid', reason: 'length' })
    expect(checkDisplayName('Mai <3', null, true)).toEqual({ kind: 'invalid', reason: 'characters' })
  })

  it("refuses the names the server refuses: invisible, stacked marks, a staff look-alike (an admin's rename may use one)", () => {
    expect(checkDisplayName('\u3164\u3164\u3164', null, true)).toEqual({ kind: 'invalid', reason: 'invisible' })
    expect(checkDisplayName('a' + '\u0301'.repeat(31), null, true)).toEqual({ kind: 'invalid', reason: 'marks' })
    expect(checkDisplayName('аdmin', null, true)).toEqual({ kind: 'invalid', reason: 'reserved' })
    expect(checkDisplayName('аdmin', null, true, { allowStaffNames: true })).toMatchObject({ kind: 'valid' })
    expect(checkDisplayName('Nguyễn Thị Ngọc Ánh'.normalize('NFD'), null, true)).toEqual({ kind: 'valid', value: 'Nguyễn Thị Ngọc Ánh' })
  })

  it('says "same" only once the person has typed their way back to the current name', () => {
    expect(checkDisplayName('Lan', 'Lan', false)).toEqual({ kind: 'unchanged' })
    expect(checkDisplayName(' Lan ', 'Lan', true)).toEqual({ kind: 'same' })
  })

  it('is editable for premium members outside the cooldown only', () => {
    expect(canEditName(premium)).toBe(true)
    expect(canEditName(free)).toBe(false)
    expect(canEditName({ ...premium, can_change_display_name: false })).toBe(false)
  })
})

describe('goal options', () => {
  it('offers 5/15/30/60 with the two highlights', () => {
    expect(goalOptions(15)).toEqual([
      { minutes: 5, tag: null },
      { minutes: 15, tag: 'easyHabit' },
      { minutes: 30, tag: 'recommendedPace' },
      { minutes: 60, tag: null },
    ])
  })

  it('adds a current value outside the list as Custom, in order', () => {
    expect(goalOptions(45).map((option) => [option.minutes, option.tag])).toEqual([
      [5, null],
      [15, 'easyHabit'],
      [30, 'recommendedPace'],
      [45, 'custom'],
      [60, null],
    ])
  })
})

describe('save', () => {
  const unchanged = { kind: 'unchanged' } as const
  it('is possible only for a real change and not while saving', () => {
    expect(pendingChanges({ user: premium, name: unchanged, goal: 15, saving: false })).toBeNull()
    expect(pendingChanges({ user: premium, name: unchanged, goal: 30, saving: false })).toEqual({ goal: 30 })
    expect(pendingChanges({ user: premium, name: unchanged, goal: 30, saving: true })).toBeNull()
    expect(pendingChanges({ user: premium, name: { kind: 'valid', value: 'Mai' }, goal: 15, saving: false })).toEqual({ displayName: 'Mai' })
    expect(pendingChanges({ user: premium, name: { kind: 'same' }, goal: 15, saving: false })).toBeNull()
  })

  it('never sends a name the person may not change, and an invalid name blocks saving', () => {
    expect(pendingChanges({ user: free, name: { kind: 'valid', value: 'Mai' }, goal: 15, saving: false })).toBeNull()
    expect(pendingChanges({ user: premium, name: { kind: 'invalid', reason: 'length' }, goal: 30, saving: false })).toBeNull()
  })
})

describe('save errors', () => {
  it('names the cooldown, premium, validation, server and offline failures', () => {
    const date = '2026-12-22T00:00:00.000Z'
    expect(settingsErrorMessage({ code: 'cooldown', status: 429, body: { next_change_at: date } }, false)).toEqual({
      key: 'errors.cooldown',
      values: { date },
    })
    expect(settingsErrorMessage({ code: 'premium_required', status: 403 }, false)).toEqual({ key: 'errors.premiumRequired' })
    expect(settingsErrorMessage({ status: 422, errors: ['Too short.', 'Bad.'] }, false)).toEqual({ text: 'Too short. Bad.' })
    expect(settingsErrorMessage({ status: 500, body: { message: 'Database is busy.' } }, false)).toEqual({ text: 'Database is busy.' })
    expect(settingsErrorMessage({ status: 500, body: null }, false)).toEqual({ key: 'errors.saveFailed' })
    expect(settingsErrorMessage({}, true)).toEqual({ key: 'errors.offline' })
  })
})

describe('the line under the name field', () => {
  it('says a name typed back to the current one is the same, and why a new one is refused only to someone who may change it', () => {
    expect(nameHintKey(checkDisplayName('Mai', 'Mai', true), true)).toBe('name.same')
    expect(nameHintKey(checkDisplayName('Mai', 'Mai', false), true)).toBeNull()
    expect(nameHintKey(checkDisplayName('ab', 'Mai', true), true)).toBe('name.length')
    expect(nameHintKey(checkDisplayName('ab', 'Mai', true), false)).toBeNull()
    expect(nameHintKey(checkDisplayName('Lan', 'Mai', true), true)).toBeNull()
  })
})
