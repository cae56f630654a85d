/**
 * The studio's warnings, one list per cue: shown, never refused (the server's check is the WebVTT's
 * validity, not these). The numbers are settings: `defaultRuleSettings(language)` gives each language's
 * from contract/caption-rules.ts (the server's numbers), and the contributor may change them.
 */
import { captionRule, charactersPerSecond } from '../../../../contract/caption-rules.ts'
import { isTimed, type StudioCue } from './cue-ops.ts'

export interface RuleSettings {
  minSeconds: number
  maxSeconds: number
  maxLines: number
  maxCharsPerLine: number
  maxCharsPerSecond: number
}

export type CueWarning =
  | { kind: 'overlap'; with: string }
  | { kind: 'tooShort'; seconds: number; limit: number }
  | { kind: 'tooLong'; seconds: number; limit: number }
  | { kind: 'tooManyLines'; lines: number; limit: number }
  | { kind: 'lineTooLong'; chars: number; limit: number }
  | { kind: 'tooFast'; charsPerSecond: number; limit: number }

export function defaultRuleSettings(language: string): RuleSettings {
  const rule = captionRule(language)
  return { minSeconds: 0.7, maxSeconds: 7, maxLines: 2, maxCharsPerLine: rule.maxCharsPerLine, maxCharsPerSecond: rule.maxCharsPerSecond }
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10

/** Each cue's warnings by id (a cue without any is left out). Untimed cues are only checked for their lines. */
export function cueWarnings(cues: readonly StudioCue[], language: string, settings: RuleSettings): Map<string, CueWarning[]> {
  const found = new Map<string, CueWarning[]>()
  const add = (id: string, warning: CueWarning) => {
    const list = found.get(id)
    if (list) list.push(warning)
    else found.set(id, [warning])
  }
  const timed = cues.filter(isTimed).sort((a, b) => a.start - b.start)
  // A cue overlaps any later one that starts before it ends (the latest end so far catches a long cue over several).
  let reach: { id: string; end: number } | null = null
  for (const cue of timed) {
    if (reach && cue.start < reach.end) {
      add(cue.id, { kind: 'overlap', with: reach.id })
      add(reach.id, { kind: 'overlap', with: cue.id })
    }
    if (!reach || cue.end > reach.end) reach = { id: cue.id, end: cue.end }
  }
  for (const cue of cues) for (const warning of ownWarnings(cue, language, settings)) add(cue.id, warning)
  // Overlaps are found in time order: each cue's list reads in a fixed order whatever the list's order.
  for (const list of found.values()) list.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
  return found
}

/**
 * A cue's own warnings, kept for as long as the cue object, the language and the settings stay the
 * same: an edit makes one new cue object, so checking the list again checks that cue alone.
 */
const checked = new WeakMap<StudioCue, { language: string; settings: RuleSettings; warnings: CueWarning[] }>()

function ownWarnings(cue: StudioCue, language: string, settings: RuleSettings): CueWarning[] {
  const kept = checked.get(cue)
  if (kept && kept.language === language && kept.settings === settings) return kept.warnings
  const warnings = checkCue(cue, language, settings)
  checked.set(cue, { language, settings, warnings })
  return warnings
}

function checkCue(cue: StudioCue, language: string, settings: RuleSettings): CueWarning[] {
  const found: CueWarning[] = []
  const lines = cue.text.split('\n')
  if (lines.length > settings.maxLines) found.push({ kind: 'tooManyLines', lines: lines.length, limit: settings.maxLines })
  const longest = Math.max(...lines.map((line) => [...line].length))
  if (longest > settings.maxCharsPerLine) found.push({ kind: 'lineTooLong', chars: longest, limit: settings.maxCharsPerLine })
  if (!isTimed(cue)) return found
  const seconds = cue.end - cue.start
  if (seconds < settings.minSeconds) found.push({ kind: 'tooShort', seconds: oneDecimal(seconds), limit: settings.minSeconds })
  if (seconds > settings.maxSeconds) found.push({ kind: 'tooLong', seconds: oneDecimal(seconds), limit: settings.maxSeconds })
  const speed = charactersPerSecond({ start: cue.start, end: cue.end, text: cue.text }, language)
  if (speed > settings.maxCharsPerSecond) found.push({ kind: 'tooFast', charsPerSecond: oneDecimal(speed), limit: settings.maxCharsPerSecond })
  return found
}

const ORDER: CueWarning['kind'][] = ['overlap', 'tooShort', 'tooLong', 'tooManyLines', 'lineTooLong', 'tooFast']

/** Whether two cues' warnings say the same (each check makes new ones; a row whose warnings did not change need not render). */
export function sameWarnings(a: readonly CueWarning[] | undefined, b: readonly CueWarning[] | undefined): boolean {
  if (a === b) return true
  if (!a || !b || a.length !== b.length) return false
  return a.every((warning, index) => JSON.stringify(warning) === JSON.stringify(b[index]))
}
