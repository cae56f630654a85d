import fs from 'node:fs'
import { expect, it } from 'vitest'
import { renderEndpointIndex, withEndpointIndex } from './api-docs.ts'
import { ROUTES } from './routes.ts'

it("docs/api.md's endpoint index is the one the route table gives (else run `npm run docs:api`)", () => {
  const doc = fs.readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8')
  expect(withEndpointIndex(doc, renderEndpointIndex())).toBe(doc)
})

it('names every route once, by a unique method and path', () => {
  const keys = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`)
  expect(new Set(keys).size).toBe(keys.length)
})
