/** Counts since the last sample, per project ref (sign-in hits per email, matched to projects when sampled). */
export interface DrainedUsage {
  dataApi: Map<string, { requests: number; egressBytes: number }>
  functionInvocations: Map<string, number>
  signInRateLimited: Map<string, number>
}

/**
 * Requests the platform serves for projects, counted in memory and moved into the next sample (so a crash loses
 * at most one sampling interval of them). Adding is a map update: the request paths pay nothing else.
 */
export class UsageCounters {
  private current: DrainedUsage = UsageCounters.empty()

  private static empty(): DrainedUsage {
    return { dataApi: new Map(), functionInvocations: new Map(), signInRateLimited: new Map() }
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

  /** A dashboard sign-in refused by the rate limit, for this email. */
  signInRateLimited(email: string): void {
    const key = email.trim().toLowerCase()
    // bounded: a flood of made-up emails must not grow memory without end between two samples
    if (!this.current.signInRateLimited.has(key) && this.current.signInRateLimited.size >= 10_000) return
    this.current.signInRateLimited.set(key, (this.current.signInRateLimited.get(key) ?? 0) + 1)
  }

  /** What has been counted for the project since the last drain (not yet in a sample), without draining it. */
  pending(ref: string): { dataApiRequests: number; functionInvocations: number } {
    return {
      dataApiRequests: this.current.dataApi.get(ref)?.requests ?? 0,
      functionInvocations: this.current.functionInvocations.get(ref) ?? 0,
    }
  }

  /** Everything counted since the last drain; the counters start again from zero. */
  drain(): DrainedUsage {
    const drained = this.current
    this.current = UsageCounters.empty()
    return drained
  }
}
