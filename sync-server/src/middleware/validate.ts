import type { z } from 'zod'
import { validationFailed } from '../errors.ts'

/** Parses input with a contract schema; failures answer 422 with one sentence per problem. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const messages = result.error.issues.map((issue) => {
    // zod's generic messages name no field; prefix the path so the sentence says where.
    const where = issue.path.length > 0 ? issue.path.join('.') : ''
    const generic = issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_union'
    return generic && where ? `${where}: ${issue.message}` : issue.message
  })
  throw validationFailed([...new Set(messages)])
}
