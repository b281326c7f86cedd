import { BRANCHING_MESSAGES, type GitConnection } from '@pgfleet/contracts'
import { useRef, useState } from 'react'
import { checkGitBranch } from '../../../data/branches/git-connections-query'
import { getErrorMessage, isApiError } from '../../../data/fetcher'

export type BranchCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'found'; name: string }
  | { state: 'invalid'; message: string }

/**
 * Checks a typed branch name against the connection's repository (on change and on blur). Only the latest check's
 * answer counts, so a slow answer for an earlier value never overwrites a newer one.
 */
export function useBranchCheck(connection: GitConnection | undefined) {
  const [result, setResult] = useState<BranchCheckState>({ state: 'idle' })
  const latest = useRef(0)
  // the value last checked: a blur after a change of the same value (e.g. clicking the confirm button) asks again
  // for nothing, and would disable that button for the moment of the click
  const lastChecked = useRef<string | null>(null)

  async function check(value: string) {
    const name = value.trim()
    if (name === lastChecked.current) return
    lastChecked.current = name
    const run = ++latest.current
    const repository = connection?.repository.name ?? ''
    if (!connection || name.length < 1) {
      setResult({ state: 'invalid', message: BRANCHING_MESSAGES.branchNameRequired(repository) })
      return
    }
    setResult({ state: 'checking' })
    try {
      await checkGitBranch({ connectionId: connection.id, branchName: name })
      if (run === latest.current) setResult({ state: 'found', name })
    } catch (error) {
      if (run !== latest.current) return
      // a failed check may be asked again (the repository could not be reached)
      lastChecked.current = null
      const message =
        isApiError(error) && (error.status === 404 || error.status === 400)
          ? BRANCHING_MESSAGES.branchNotFound(repository)
          : BRANCHING_MESSAGES.branchCheckFailed(getErrorMessage(error))
      setResult({ state: 'invalid', message })
    }
  }

  function reset() {
    latest.current++
    lastChecked.current = null
    setResult({ state: 'idle' })
  }

  return { result, check, reset }
}
