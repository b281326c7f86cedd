import { describe, expect, it } from 'vitest'
import { getPanelSource, isPlanPanelOpen, withPlanPanel } from './billing.utils'

describe('plan panel search params', () => {
  it('opens from panel=subscriptionPlan and reads the source', () => {
    const params = new URLSearchParams('panel=subscriptionPlan&source=projectPausedStateRestore')
    expect(isPlanPanelOpen(params)).toBe(true)
    expect(getPanelSource(params)).toBe('projectPausedStateRestore')
  })
  it('stays closed for other panels', () => {
    expect(isPlanPanelOpen(new URLSearchParams('panel=pitr'))).toBe(false)
  })
  it('closing drops panel and source but keeps other params', () => {
    const params = new URLSearchParams('panel=subscriptionPlan&source=enableBranchingButton&x=1')
    expect(withPlanPanel(params, false).toString()).toBe('x=1')
  })
  it('opening sets the panel', () => {
    expect(withPlanPanel(new URLSearchParams(), true).toString()).toBe('panel=subscriptionPlan')
  })
})
