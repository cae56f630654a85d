/**
 * `npm run lint` fails on what the docs say it fails on (issue 40 item 6). One scratch copy of the lint
 * configs, one planted violation per dependency-cruiser rule and per size rule, dependency-cruiser and
 * ESLint run once each over the planted files only, and each planted violation must come back under
 * its rule's name. A rule added to .dependency-cruiser.cjs without a plant here fails the first test.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.dirname(fileURLToPath(import.meta.url))
const forbidden: Array<{ name: string }> = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')).forbidden

/** Per rule: a file in the `from` layer importing a file of the `to` layer (or, for a cycle, each other). */
const ARROWS: Record<string, { from: string; to: string }> = {
  'no-cycles': { from: 'pwa/src/data/cycle-a.ts', to: 'pwa/src/data/cycle-b.ts' },
  'contract-imports-nothing-of-ours': { from: 'contract/planted.ts', to: 'locales/planted.ts' },
  'halves-apart': { from: 'pwa/src/data/into-server.ts', to: 'sync-server/src/errors.ts' },
  'server-not-into-pwa': { from: 'sync-server/src/into-pwa.ts', to: 'pwa/src/data/target.ts' },
  'repositories-below-services': { from: 'sync-server/src/repositories/planted.repository.ts', to: 'sync-server/src/services/planted.service.ts' },
  'services-below-http': { from: 'sync-server/src/services/up.service.ts', to: 'sync-server/src/routes/planted.routes.ts' },
  'db-below-everything': { from: 'sync-server/src/db/planted.ts', to: 'sync-server/src/repositories/target.repository.ts' },
  'watch-ingest-is-a-pipeline': { from: 'sync-server/src/watch-ingest/planted.ts', to: 'sync-server/src/services/ingest-target.service.ts' },
  'rules-are-pure': { from: 'sync-server/src/rules/planted.ts', to: 'sync-server/src/storage/target.ts' },
  'storage-below-media': { from: 'sync-server/src/storage/planted.ts', to: 'sync-server/src/media/target.ts' },
  'media-below-services': { from: 'sync-server/src/media/planted.ts', to: 'sync-server/src/services/media-target.service.ts' },
  'jobs-below-services': { from: 'sync-server/src/jobs/planted.ts', to: 'sync-server/src/services/jobs-target.service.ts' },
  'billing-below-services': { from: 'sync-server/src/billing/planted.ts', to: 'sync-server/src/routes/billing-target.routes.ts' },
  'pwa-data-imports-no-screen': { from: 'pwa/src/data/planted.ts', to: 'pwa/src/features/target/Screen.ts' },
  'pwa-components-below-features': { from: 'pwa/src/components/Planted.ts', to: 'pwa/src/features/target/Feature.ts' },
  'pwa-features-below-pages': { from: 'pwa/src/features/planted/Planted.ts', to: 'pwa/src/pages/TargetPage.ts' },
  'pwa-player-engine-below-its-ui': { from: 'pwa/src/player/planted.ts', to: 'pwa/src/player/ui/Target.ts' },
  'pwa-pages-below-app': { from: 'pwa/src/pages/PlantedPage.ts', to: 'pwa/src/app/target.ts' },
  'pwa-service-worker-through-data': { from: 'pwa/src/service-worker/planted.ts', to: 'pwa/src/components/Target.ts' },
  'no-dexie-in-ui': { from: 'pwa/src/features/planted/opens-db.ts', to: 'pwa/src/data/db.ts' },
  'no-zod-in-the-pwa': { from: 'pwa/src/features/planted/loads-zod.ts', to: 'contract/route-schemas.ts' },
}

const lines = (count: number, line: (index: number) => string) => Array.from({ length: count }, (_, index) => line(index)).join('\n')

/** Per size rule: a file that breaks it, and files the rule must let pass. */
const SIZES = {
  longFile: 'pwa/src/features/planted/long-file.ts',
  longFunction: 'sync-server/src/services/long-function.service.ts',
  allowlistedPastItsBound: 'sync-server/src/services/uploads.service.ts',
  longTest: 'pwa/src/features/planted/long.test.ts',
  allowlistedWithinItsBound: 'sync-server/src/repositories/catalogue.repository.ts',
}
const SIZE_FILES: Record<string, string> = {
  [SIZES.longFile]: `${lines(401, (index) => `export const line${index} = ${index}`)}\n`,
  [SIZES.longFunction]: `export function tooLong(): number {\n  let total = 0\n${lines(150, (index) => `  total += ${index}`)}\n  return total\n}\n`,
  [SIZES.allowlistedPastItsBound]: `export function createUploadsService(): number {\n  let total = 0\n${lines(180, (index) => `  total += ${index}`)}\n  return total\n}\n`,
  [SIZES.longTest]: `${lines(401, (index) => `export const line${index} = ${index}`)}\n`,
  [SIZES.allowlistedWithinItsBound]: `export function createCatalogueRepository(): number {\n  let total = 0\n${lines(170, (index) => `  total += ${index}`)}\n  return total\n}\n`,
}

let scratch = ''

function write(relative: string, text: string) {
  const file = path.join(scratch, relative)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

function importOf(from: string, to: string): string {
  const specifier = path.relative(path.dirname(from), to)
  return `import { planted } from '${specifier.startsWith('.') ? specifier : `./${specifier}`}'\nexport const used = planted\n`
}

function run(tool: string, args: string[]): string {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', tool), ...args], { cwd: scratch, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.error) throw result.error
  // Both tools exit non-zero on the violations planted: the report on stdout is what counts.
  if (!result.stdout.trim().startsWith('{') && !result.stdout.trim().startsWith('[')) throw new Error(`${tool} gave no report:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

let cruised: Array<{ rule: { name: string }; from: string; to: string }> = []
let linted: Array<{ filePath: string; messages: Array<{ ruleId: string | null; message: string }> }> = []

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'))
  for (const config of ['.dependency-cruiser.cjs', 'eslint.config.js', 'tsconfig.json', 'package.json']) fs.copyFileSync(path.join(ROOT, config), path.join(scratch, config))
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(scratch, 'node_modules'), 'dir')
  for (const [name, { from, to }] of Object.entries(ARROWS)) {
    write(from, importOf(from, to))
    // The cycle's second file imports the first back; every other target imports nothing.
    write(to, name === 'no-cycles' ? `import { used } from './${path.basename(from)}'\nexport const planted = 1\nexport const back = used\n` : 'export const planted = 1\n')
  }
  for (const [file, text] of Object.entries(SIZE_FILES)) write(file, text)

  const cruise = run('dependency-cruiser/bin/dependency-cruise.mjs', ['contract', 'sync-server', 'pwa', 'locales', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'])
  cruised = JSON.parse(cruise).summary.violations
  linted = JSON.parse(run('eslint/bin/eslint.js', ['--format', 'json', ...Object.keys(SIZE_FILES)]))
}, 120_000)

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
})

describe('npm run lint names each planted violation', () => {
  it('has a planted arrow for every dependency-cruiser rule', () => {
    expect(forbidden.map((rule) => rule.name).sort()).toEqual(Object.keys(ARROWS).sort())
  })

  it.each(Object.entries(ARROWS))('dependency-cruiser reports %s from its planted file', (name, { from, to }) => {
    const found = cruised.filter((violation) => violation.rule.name === name && violation.from === from)
    expect(found.map((violation) => violation.to)).toContain(to)
  })

  const sizeRule = (file: string) => linted.find((result) => path.relative(scratch, result.filePath) === file)?.messages.map((message) => message.ruleId) ?? []

  it('ESLint reports a file over 400 lines (max-lines) and a function over 150 (max-lines-per-function)', () => {
    expect(sizeRule(SIZES.longFile)).toContain('max-lines')
    expect(sizeRule(SIZES.longFunction)).toContain('max-lines-per-function')
  })

  it('holds an allowlisted function to its bound, and lets it be up to that bound', () => {
    expect(sizeRule(SIZES.allowlistedPastItsBound)).toContain('max-lines-per-function')
    expect(sizeRule(SIZES.allowlistedWithinItsBound)).not.toContain('max-lines-per-function')
  })

  it('measures no test file', () => {
    expect(sizeRule(SIZES.longTest)).not.toContain('max-lines')
  })
})
