import { describe, expect, it } from 'vitest'
import { NO_CONTENT_ROUTES, NOT_JSON_ROUTES, ROUTE_ANSWER_SCHEMAS } from './route-answer-schemas.ts'
import { ROUTES } from './routes.ts'

describe('the answer schemas', () => {
  it('name every route of the table once: a JSON answer with its schema, a 204, or not JSON', () => {
    const named = [...Object.keys(ROUTE_ANSWER_SCHEMAS), ...NO_CONTENT_ROUTES, ...NOT_JSON_ROUTES]
    expect([...named].sort()).toEqual(Object.keys(ROUTES).sort())
    expect(new Set(named).size).toBe(named.length)
  })

  it('refuse a field the type does not name (strict objects all the way down)', () => {
    const user = {
      id: 1,
      email: 'a@example.com',
      display_name: null,
      is_premium: false,
      premium: false,
      can_change_display_name: false,
      next_change_at: null,
      daily_goal_minutes: 15,
      is_admin: false,
      is_contributor: false,
      time_zone: 'UTC',
    }
    expect(ROUTE_ANSWER_SCHEMAS['me.get'].safeParse(user).success).toBe(true)
    expect(ROUTE_ANSWER_SCHEMAS['me.get'].safeParse({ ...user, password_hash: 'x' }).success).toBe(false)
    expect(ROUTE_ANSWER_SCHEMAS['auth.verify'].safeParse({ data: { token: 't', user: { ...user, extra: 1 }, is_new_user: true } }).success).toBe(false)
  })
})
