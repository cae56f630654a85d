/** `npm run docs:api`: writes docs/api.md's endpoint index from the route table (api-docs.ts). */
import fs from 'node:fs'
import { renderEndpointIndex, withEndpointIndex } from './api-docs.ts'

const file = new URL('../docs/api.md', import.meta.url)
const doc = fs.readFileSync(file, 'utf8')
const next = withEndpointIndex(doc, renderEndpointIndex())
if (next !== doc) fs.writeFileSync(file, next)
console.log(next === doc ? 'docs/api.md: the endpoint index is up to date' : 'docs/api.md: endpoint index written')
