/** Counts since the last sample, per project ref (sign-in hits per email, matched to projects when sampled). */
export interface DrainedUsage {
  dataApi: Map<string, { requests: number; egressBytes: number }>
  functionInvocations: Map<string, number>
  signInRateLimited: Map<string, number>
  /** requests a project's auth server refused by its rate limits */
  projectAuthRateLimited: Map<string, number>
}

/**
 * Requests the platform serves for projects, counted in memory and moved into the next sample (so a crash loses
 * at most one sampling interval of them). Adding is a map update: the request paths pay nothing else.
 */
export class UsageCounters {
  private current: DrainedUsage = UsageCounters.empty()
  /** Drained by a sampling round that has not stored them yet: still shown as pending. */
  private readonly inFlight = new Set<DrainedUsage>()

  private static empty(): DrainedUsage {
    return {
      dataApi: new Map(),
      functionInvocations: new Map(),
      signInRateLimited: new Map(),
      projectAuthRateLimited: new Map(),
    }
  }

  /** A data API answer: its body's bytes are what leaves the platform (headers are not counted). */
  dataApiResponse(ref: string, bodyBytes: number): void {
    const counts = this.current.dataApi.get(ref) ?? { requests: 0, egressBytes: 0 }
    counts.requests += 1
    counts.egressBytes += bodyBytes
    this.current.dataApi.set(ref, counts)
  }

  functionInvoked(ref: string): void {
    this.current.functionInvocations.set(ref, (this.current.functionInvocations.get(ref) ?? 0) + 1)
  }

  /** A request to the project's auth server refused by one of its rate limits. */
  authRateLimited(ref: string): void {
    this.current.projectAuthRateLimited.set(ref, (this.current.projectAuthRateLimited.get(ref) ?? 0) + 1)
  }

  /** A dashboard sign-in refused by the rate limit, for this email. */
  signInRateLimited(email: string): void {
    const key = email.trim().toLowerCase()
    // bounded: a flood of made-up emails must not grow memory without end between two samples
    if (!this.current.signInRateLimited.has(key) && this.current.signInRateLimited.size >= 10_000) return
    this.current.signInRateLimited.set(key, (this.current.signInRateLimited.get(key) ?? 0) + 1)
  }

  /**
   * What has been counted for the project and is not in a stored sample yet, without draining it. Counts a round has
   * drained stay here until the round says they are stored, so a figure never dips while a round runs. A reader
   * asks for these before it reads the stored samples: a project's counts stored in between are counted twice for
   * that one answer, rather than missed.
   */
  pending(ref: string): { dataApiRequests: number; functionInvocations: number } {
    let dataApiRequests = 0
    let functionInvocations = 0
    for (const usage of [this.current, ...this.inFlight]) {
      dataApiRequests += usage.dataApi.get(ref)?.requests ?? 0
      functionInvocations += usage.functionInvocations.get(ref) ?? 0
    }
    return { dataApiRequests, functionInvocations }
  }

  /**
   * Takes what was counted since the last drain, for every project or only for `refs` (a round that samples only
   * those must leave the others' counts for the next full round). Sign-in hits are taken only by full rounds. Call
   * `stored` with the answer once the round has written it.
   */
  drain(refs?: string[]): DrainedUsage {
    let drained: DrainedUsage
    if (refs === undefined) {
      drained = this.current
      this.current = UsageCounters.empty()
    } else {
      drained = UsageCounters.empty()
      for (const ref of refs) {
        moveEntry(this.current.dataApi, drained.dataApi, ref)
        moveEntry(this.current.functionInvocations, drained.functionInvocations, ref)
      }
    }
    this.inFlight.add(drained)
    return drained
  }

  /**
   * The round that drained `usage` has stored the counts of `ref` (or, with no ref, is done with all of them):
   * pending() stops counting them.
   */
  stored(usage: DrainedUsage, ref?: string): void {
    if (ref === undefined) {
      this.inFlight.delete(usage)
      return
    }
    usage.dataApi.delete(ref)
    usage.functionInvocations.delete(ref)
  }
}

function moveEntry<V>(from: Map<string, V>, to: Map<string, V>, key: string): void {
  const value = from.get(key)
  if (value === undefined) return
  to.set(key, value)
  from.delete(key)
}
