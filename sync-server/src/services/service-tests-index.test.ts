/** docs/service-tests.md finds each service's tests: every service has a line, and every file it names exists. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const src = path.resolve(here, '..')
const index = fs.readFileSync(path.resolve(src, '../../docs/service-tests.md'), 'utf8')
const lines = new Map(
  [...index.matchAll(/^\| `([a-z-]+\.service\.ts)` \| (.+) \|$/gm)].map(([, service, tests]) => [service!, [...tests!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)]),
)

it('names the tests of every service', () => {
  const services = fs.readdirSync(here).filter((name) => name.endsWith('.service.ts'))
  expect(services.filter((service) => !lines.has(service))).toEqual([])
  expect([...lines.keys()].filter((service) => !services.includes(service))).toEqual([])
})

it('names only test files that exist', () => {
  const named = [...lines.values()].flat()
  expect(named.length).toBeGreaterThan(lines.size - 1)
  expect(named.filter((file) => !file.endsWith('.test.ts') || !fs.existsSync(path.join(src, file)))).toEqual([])
})
