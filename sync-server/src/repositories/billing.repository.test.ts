/** The billing repository on both engines: the same calls, the same answers. */
import { expect, it } from 'vitest'
import { describeOnEachEngine } from '../../test-support/test-databases.ts'
import { createBillingRepository } from './billing.repository.ts'

describeOnEachEngine((engine, database) => {
  it('billing: checkouts paid once, subscriptions upserted with flags as 0/1, events recorded once', async () => {
    const user = await database().db
      .insertInto('users')
      .values({ email: 'payer@example.com', created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const billing = createBillingRepository(database().db)
    await billing.createCheckout('local_1', user.id, 'year', 'local', '2026-01-01T00:00:00.000Z')
    expect(await billing.findCheckout('local_1')).toEqual({
      id: 'local_1',
      user_id: user.id,
      plan: 'year',
      provider: 'local',
      status: 'open',
      created_at: '2026-01-01T00:00:00.000Z',
      completed_at: null,
    })
    expect(await billing.markCheckoutPaid('local_1', '2026-01-01T00:01:00.000Z')).toBe(true)
    expect(await billing.markCheckoutPaid('local_1', '2026-01-01T00:02:00.000Z')).toBe(false)
    expect(await billing.findCheckout('local_1')).toMatchObject({ status: 'paid', completed_at: '2026-01-01T00:01:00.000Z' })

    const subscription = {
      user_id: user.id,
      provider: 'stripe' as const,
      plan: 'month' as const,
      status: 'active' as const,
      current_period_end: '2026-02-01T00:00:00.000Z',
      cancel_at_period_end: 0 as const,
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      updated_at: '2026-01-01T00:00:00.000Z',
    }
    await billing.saveSubscription(subscription)
    await billing.saveSubscription({ ...subscription, plan: 'year', cancel_at_period_end: 1, updated_at: '2026-01-02T00:00:00.000Z' })
    const saved = { ...subscription, plan: 'year', cancel_at_period_end: 1, updated_at: '2026-01-02T00:00:00.000Z' }
    expect(await billing.subscriptionOf(user.id)).toEqual(saved)
    expect(await billing.subscriptionOfCustomer('cus_1')).toEqual(saved)
    expect(await billing.subscriptionOfCustomer('cus_2')).toBeUndefined()
    expect(await billing.lapsedSubscriptions('2026-01-31T00:00:00.000Z')).toEqual([])
    expect(await billing.lapsedSubscriptions('2026-02-01T00:00:00.000Z')).toEqual([saved])

    await billing.setPremium(user.id, true)
    await billing.lockUser(user.id)
    expect(await database().db.selectFrom('users').select('is_premium').where('id', '=', user.id).executeTakeFirst()).toEqual({ is_premium: 1 })

    expect(await billing.recordEvent('evt_1', 'invoice.paid', '2026-01-01T00:00:00.000Z')).toBe(true)
    expect(await billing.recordEvent('evt_1', 'invoice.paid', '2026-01-01T00:00:01.000Z')).toBe(false)
    // Rolled back with its transaction: the next delivery records it.
    await expect(
      database().db.transaction().execute(async (trx) => {
        expect(await createBillingRepository(trx).recordEvent('evt_2', 'invoice.paid', '2026-01-01T00:00:00.000Z')).toBe(true)
        throw new Error('effect failed')
      }),
    ).rejects.toThrow('effect failed')
    expect(await billing.recordEvent('evt_2', 'invoice.paid', '2026-01-01T00:00:02.000Z')).toBe(true)
    const events = await database().db.selectFrom('billing_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(events).toEqual({ n: 2 })
  })
})
