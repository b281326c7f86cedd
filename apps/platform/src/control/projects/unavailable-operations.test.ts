import { describe, expect, it } from 'vitest'
import type { AppContext } from '../../context'
import { unavailableOperations } from './service'

const withDriver = (unavailable: Record<string, string>) =>
  ({ driver: { unavailableOperations: unavailable } }) as unknown as AppContext

describe('the operations a project cannot offer', () => {
  it('come from the driver, so the dashboard hides what can only fail there', () => {
    const reason = 'Backups of projects on Kubernetes cannot be downloaded'
    expect(unavailableOperations(withDriver({ backup_download: reason }))).toEqual({ backup_download: reason })
  })

  it('are none where the driver can do everything', () => {
    expect(unavailableOperations(withDriver({}))).toEqual({ backup_download: null })
  })
})
