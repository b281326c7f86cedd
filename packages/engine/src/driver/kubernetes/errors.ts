/** The Kubernetes API did not answer, or a resource did not reach the awaited state, in time. */
export class KubernetesTimeoutError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KubernetesTimeoutError'
  }
}

/** The API server refused a write: the object exists already, or changed since it was read (HTTP 409). */
export class KubernetesConflictError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KubernetesConflictError'
  }
}

/** Any other answer of the API server that is not a success, with its status code and the server's message. */
export class KubernetesApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'KubernetesApiError'
  }
}

/** A CloudNativePG resource reported a failure (a Backup that failed, a Cluster that cannot recover). */
export class KubernetesResourceFailedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KubernetesResourceFailedError'
  }
}
