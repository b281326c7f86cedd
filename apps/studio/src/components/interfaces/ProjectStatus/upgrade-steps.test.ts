import { describe, expect, it } from 'vitest'
import { estimatedRemainingMs, formatElapsed, shownSteps } from './upgrade-steps'

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, s)).toISOString()
const base = { initiated_at: at(0) }

describe('upgrade steps', () => {
  it('marks done steps with their time and the next one running', () => {
    const steps = shownSteps(
      {
        ...base,
        status: 'Upgrading',
        steps: [
          { key: 'started', at: at(0) },
          { key: 'launched upgraded instance', at: at(2) },
          { key: 'detached volume from upgraded instance', at: at(3) },
        ],
      },
      Date.parse(at(5)),
    )
    expect(steps.map((step) => step.state)).toEqual([
      'done',
      'done',
      'running',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    expect(steps[0]).toEqual({ label: 'Prepare new server', state: 'done', elapsedMs: 2000 })
    expect(steps[2]?.elapsedMs).toBe(2000)
    // two done steps of 1.5 s on average: 5 pending and what the running one has left
    expect(estimatedRemainingMs(steps)).toBe(5 * 1500)
  })

  it('shows where an upgrade failed, and every step done once it is upgraded', () => {
    const failed = shownSteps({ ...base, status: 'Failed', steps: [{ key: 'started', at: at(0) }] }, Date.parse(at(4)))
    expect(failed[0]?.state).toBe('failed')
    expect(failed.slice(1).every((step) => step.state === 'pending')).toBe(true)
    const keys = [
      'started',
      'launched upgraded instance',
      'detached volume from upgraded instance',
      'attached volume to original instance',
      'initiated data upgrade',
      'completed data upgrade',
      'detached volume from original instance',
      'attached volume to upgraded instance',
      'completed upgrade',
    ]
    const done = shownSteps({ ...base, status: 'Upgraded', steps: keys.map((key, i) => ({ key, at: at(i) })) }, 0)
    expect(done.every((step) => step.state === 'done')).toBe(true)
    expect(estimatedRemainingMs(done)).toBe(0)
    expect(formatElapsed(1500)).toBe('1.5 s')
    expect(formatElapsed(45_000)).toBe('45 s')
  })
})
