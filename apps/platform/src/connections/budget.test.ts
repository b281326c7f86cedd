import { COMPUTE_SIZES, computeSettings } from '@pgfleet/engine'
import { describe, expect, it } from 'vitest'
import { CONNECTION_CONSUMERS, connectionBudget, DEFAULT_POOL_CAPS } from './budget'

const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, size) => sum + size, 0)

describe('connectionBudget', () => {
  it.each(COMPUTE_SIZES)('keeps the pools of a %s project within max_connections minus the reserves', (size) => {
    const { max_connections } = computeSettings(size)
    const budget = connectionBudget(max_connections)
    expect(total(budget.poolSizes)).toBeLessThanOrEqual(budget.pools)
    expect(
      total(budget.poolSizes) + budget.tenantReserve + budget.superuserReserved + budget.oneOff,
    ).toBeLessThanOrEqual(max_connections)
    expect(budget.tenantReserve).toBeGreaterThanOrEqual(Math.ceil(max_connections / 4))
    for (const consumer of CONNECTION_CONSUMERS) expect(budget.poolSizes[consumer]).toBeGreaterThanOrEqual(1)
  })

  it('gives a nano project (40 connections) 22 pooled connections where the four pool managers took 34', () => {
    const budget = connectionBudget(40)
    expect(budget).toMatchObject({ superuserReserved: 3, tenantReserve: 10, oneOff: 2, pools: 25 })
    expect(budget.poolSizes).toEqual({ rest: 7, sql: 5, 'sql-read': 2, storage: 3, auth: 2, meta: 2, 'meta-helper': 1 })
  })

  it('stops at each pool cap on big computes, and honours a configured cap', () => {
    expect(connectionBudget(160).poolSizes).toEqual(DEFAULT_POOL_CAPS)
    expect(connectionBudget(160, { rest: 30 }).poolSizes.rest).toBe(30)
    expect(connectionBudget(40, { rest: 3 }).poolSizes.rest).toBe(3)
  })

  it('never hands out more than it has on a tiny server', () => {
    for (let max = 1; max <= 20; max++) {
      const budget = connectionBudget(max)
      expect(total(budget.poolSizes)).toBeLessThanOrEqual(budget.pools)
    }
  })
})
